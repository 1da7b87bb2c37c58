// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The measurement recipe on the fake suites: exact allocation counts, verdicts, mismatch and
// mutation reports, allowed writes, consequences, and errors that do not stop the run.

#include <gtest/gtest.h>

#include "tests/harness/no_tracer.h"
#include "harness/runner/runner.h"
#include "tests/harness/fake_suites.h"

namespace clampbench {
namespace {

using testing::NoTracer;

class RunnerTest : public ::testing::Test {
 protected:
  CaseResult run(const Suite& s) {
    Runner runner(config_, expectations_, tracer_, nullptr);
    return runner.run_case(s, s.points(SizeSet::Quick).at(0));
  }
  RunConfig config_;
  Expectations expectations_;  // everything expected "same"
  NoTracer tracer_;
};

const LedgerCounters& host(const VariantResult& v) { return v.ledger[static_cast<int>(DeviceType::Host)]; }

TEST_F(RunnerTest, EqualVariantsAreSameAndCountsAreExact) {
  const CaseResult r = run(testing::make_fake_same());
  ASSERT_EQ(r.variants.size(), 2u);
  EXPECT_EQ(r.case_id, "fake_same/n=3");
  for (const auto& v : r.variants) {
    EXPECT_EQ(v.verdict, Verdict::Same) << v.name;
    EXPECT_FALSE(v.error.has_value());
    EXPECT_TRUE(v.mutations.empty());
  }
  EXPECT_EQ(host(r.variants[0]).allocations, 2u);  // add, clamp
  EXPECT_EQ(host(r.variants[0]).frees, 1u);        // the add's temporary
  EXPECT_EQ(host(r.variants[0]).bytes_requested, 48u);
  EXPECT_EQ(host(r.variants[1]).allocations, 1u);  // add only
  EXPECT_EQ(host(r.variants[1]).frees, 0u);
  EXPECT_EQ(host(r.variants[1]).bytes_requested, 24u);
  ASSERT_EQ(r.variants[1].writes.size(), 1u);  // the Fresh scratch buffer: allowed, recorded
  EXPECT_EQ(r.variants[1].writes[0].buffer, "scratch");
}

// A builder may return nothing (vLLM's None): zero outputs against zero is a valid, equal call.
TEST_F(RunnerTest, NoOutputsOnBothSidesIsSame) {
  const CaseResult r = run(testing::make_fake_empty());
  ASSERT_EQ(r.variants.size(), 2u);
  for (const auto& v : r.variants) {
    EXPECT_EQ(v.verdict, Verdict::Same) << v.name;
    EXPECT_FALSE(v.error.has_value()) << *v.error;
    EXPECT_TRUE(v.outputs.empty());
    EXPECT_TRUE(v.output_mismatches.empty());
  }
  EXPECT_EQ(host(r.variants[0]).allocations, 1u);  // the max
  EXPECT_EQ(host(r.variants[1]).allocations, 0u);
}

TEST_F(RunnerTest, MismatchIsReportedWithIndexAndValues) {
  const CaseResult r = run(testing::make_fake_mismatch());
  const VariantResult& v = r.variants.at(1);
  EXPECT_EQ(v.verdict, Verdict::OutputMismatch);
  ASSERT_EQ(v.output_mismatches.size(), 1u);
  const TensorMismatch& m = v.output_mismatches[0];
  EXPECT_EQ(m.name, "y");
  EXPECT_EQ(m.count, 2);  // x = {5, 6, -1, 7, -3, 8}: clamp at 0 vs at 1 differs at -1 and -3
  EXPECT_EQ(m.first_index, (std::vector<std::int64_t>{0, 2}));
  EXPECT_EQ(m.reference, ElementValue{std::int64_t{0}});
  EXPECT_EQ(m.value, ElementValue{std::int64_t{1}});
  EXPECT_EQ(r.variants[0].verdict, Verdict::Same);
}

TEST_F(RunnerTest, InPlaceClampOfAPersistentInputIsAMutation) {
  const CaseResult r = run(testing::make_fake_mutation());
  const VariantResult& v = r.variants.at(1);
  EXPECT_EQ(v.verdict, Verdict::Mutation);
  EXPECT_TRUE(v.output_mismatches.empty());  // outputs equal: the hazard is invisible there
  ASSERT_EQ(v.mutations.size(), 1u);
  EXPECT_EQ(v.mutations[0].buffer, "x");
  EXPECT_EQ(v.mutations[0].role, Role::Persistent);
  EXPECT_EQ(v.mutations[0].changed, 2);
  ASSERT_EQ(v.mutations[0].first.size(), 2u);
  EXPECT_EQ(v.mutations[0].first[0].index, (std::vector<std::int64_t>{0, 2}));
  EXPECT_EQ(v.mutations[0].first[0].before, ElementValue{std::int64_t{-1}});
  EXPECT_EQ(v.mutations[0].first[0].after, ElementValue{std::int64_t{0}});
  EXPECT_EQ(v.mutations[0].first[1].index, (std::vector<std::int64_t>{1, 1}));
  EXPECT_EQ(host(v).allocations, 0u);
  // The later reader sees the consequence: 2 negative entries after clamp, 0 after clamp_.
  ASSERT_EQ(v.consequences.size(), 1u);
  ASSERT_EQ(v.consequences[0].mismatches.size(), 1u);
  EXPECT_EQ(v.consequences[0].mismatches[0].name, "negatives/count");
  EXPECT_EQ(v.consequences[0].mismatches[0].reference, ElementValue{std::int64_t{2}});
  EXPECT_EQ(v.consequences[0].mismatches[0].value, ElementValue{std::int64_t{0}});
  EXPECT_TRUE(r.variants[0].consequences.at(0).mismatches.empty());
}

// A variant's tensors go once it is checked; --dump keeps them for the dump, which writes the
// inputs as each variant left them. The findings are the same either way.
TEST_F(RunnerTest, TensorsAreKeptOnlyForTheDump) {
  const CaseResult lean = run(testing::make_fake_mutation());
  for (const auto& v : lean.variants) {
    EXPECT_TRUE(v.outputs.empty()) << v.name;
    EXPECT_TRUE(v.after.buffers.empty()) << v.name;
    EXPECT_TRUE(v.after_host.empty()) << v.name;
    EXPECT_TRUE(v.reader_outputs.empty()) << v.name;
  }
  config_.dump_dir = "unused";  // the runner only reads whether it is set
  const CaseResult kept = run(testing::make_fake_mutation());
  ASSERT_EQ(kept.variants.size(), lean.variants.size());
  for (std::size_t k = 0; k < kept.variants.size(); ++k) {
    const VariantResult& v = kept.variants[k];
    EXPECT_EQ(v.outputs.size(), 1u) << v.name;
    ASSERT_EQ(v.after_host.size(), v.after.buffers.size()) << v.name;
    EXPECT_EQ(v.reader_outputs.size(), 1u) << v.name;
    EXPECT_EQ(v.verdict, lean.variants[k].verdict) << v.name;
    EXPECT_EQ(v.mutations.size(), lean.variants[k].mutations.size()) << v.name;
  }
  // clamp_'s "x" as it left it: the -1 entries are 0 (the view sees the variant's own copy).
  const VariantResult& in_place = kept.variants.at(1);
  EXPECT_EQ(element_value(in_place.after_host.at(0), 2), ElementValue{std::int64_t{0}});
  EXPECT_EQ(element_value(kept.variants.at(0).after_host.at(0), 2), ElementValue{std::int64_t{-1}});
}

TEST_F(RunnerTest, WritingAPersistentWritableBufferIsNotAMutation) {
  const CaseResult r = run(testing::make_fake_writable());
  ASSERT_EQ(r.variants.size(), 4u);
  for (int i : {0, 1}) {
    const VariantResult& v = r.variants[i];
    EXPECT_EQ(v.verdict, Verdict::Same) << v.name;
    EXPECT_TRUE(v.mutations.empty());
    ASSERT_EQ(v.writes.size(), 1u);
    EXPECT_EQ(v.writes[0].buffer, "slots");
    EXPECT_EQ(v.writes[0].changed, 4);
  }
  // Its final contents are compared like an output: 8 where the reference wrote 7.
  const VariantResult& bad = r.variants[2];
  EXPECT_EQ(bad.verdict, Verdict::OutputMismatch);
  ASSERT_EQ(bad.output_mismatches.size(), 1u);
  EXPECT_EQ(bad.output_mismatches[0].name, "slots");
  EXPECT_EQ(bad.output_mismatches[0].source, "written_input");
  // A buffer only the reference writes is its destination, not an output of a form that
  // leaves it alone: not compared (an in-place form beside its out-of-place counterfactual).
  const VariantResult& elsewhere = r.variants[3];
  EXPECT_TRUE(elsewhere.writes.empty());
  EXPECT_EQ(elsewhere.verdict, Verdict::Same);
  EXPECT_TRUE(elsewhere.output_mismatches.empty());
  EXPECT_EQ(bad.output_mismatches[0].count, 4);
}

TEST_F(RunnerTest, AThrowingVariantIsAnErrorAndTheOthersStillRun) {
  const CaseResult r = run(testing::make_fake_throw());
  EXPECT_EQ(r.variants[0].verdict, Verdict::Same);
  EXPECT_EQ(r.variants[1].verdict, Verdict::Error);
  ASSERT_TRUE(r.variants[1].error.has_value());
  EXPECT_NE(r.variants[1].error->find("boom"), std::string::npos);
  EXPECT_FALSE(r.variants[1].device_error);
  // The next case runs normally after the failure.
  EXPECT_EQ(run(testing::make_fake_same()).variants[1].verdict, Verdict::Same);
}

TEST_F(RunnerTest, ACudaFailureIsMarkedAsADeviceError) {
  const CaseResult r = run(testing::make_fake_device_error());
  EXPECT_EQ(r.variants[1].verdict, Verdict::Error);
  EXPECT_TRUE(r.variants[1].device_error);
}

TEST_F(RunnerTest, VariantSelectionKeepsTheReference) {
  config_.variants = {"clamp_wrong"};
  Runner runner(config_, expectations_, tracer_, nullptr);
  const Suite s = testing::make_fake_mismatch();
  const auto vs = runner.selected_variants(s);
  ASSERT_EQ(vs.size(), 2u);
  EXPECT_EQ(vs[0]->name, "clamp");
  config_.variants = {"nothing_here"};
  EXPECT_EQ(runner.selected_variants(s).size(), 1u);
}

}  // namespace
}  // namespace clampbench
