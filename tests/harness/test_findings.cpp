// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// Findings-level expectations: a rule names outputs and mutated buffers (with an optional
// count); a finding not named, a count that differs, or a named finding that did not show is
// unexpected whatever the verdict class. Version 1 files still load and check the class only.

#include <gtest/gtest.h>

#include "harness/verdicts/expectations.h"
#include "harness/verdicts/findings.h"
#include "harness/results/outcome.h"
#include "harness/results_json/writer.h"
#include "tests/harness/fake_suites.h"
#include "tests/harness/test_util.h"

namespace clampbench {
namespace {

Expectations load_text(const std::string& text) {
  const auto dir = testing::fresh_temp_dir("findings");
  testing::write_text(dir / "e.json", text);
  const auto suites = testing::fake_suites();
  Expectations e = Expectations::load((dir / "e.json").string(), suites);
  std::filesystem::remove_all(dir);
  return e;
}

// A variant as the check pass leaves it: outputs that differ and Persistent buffers that changed.
VariantResult checked(std::vector<std::pair<std::string, std::int64_t>> outputs,
                      std::vector<std::pair<std::string, std::int64_t>> mutations) {
  VariantResult vr;
  vr.name = "clamp_";
  for (const auto& [name, n] : outputs) vr.output_mismatches.push_back({name, "output", n, {}, ElementValue{}, ElementValue{}, ""});
  for (const auto& [name, n] : mutations) vr.mutations.push_back({name, Role::Persistent, n, {}});
  return vr;
}

Expectation named(Verdict v, std::vector<std::string> outputs, std::vector<ExpectedMutation> mutations) {
  Expectation e;
  e.verdict = v;
  e.outputs = std::move(outputs);
  e.mutations = std::move(mutations);
  return e;
}

TEST(Findings, NamedFindingsAreAsExpected) {
  VariantResult vr = checked({{"y", 3}}, {{"x", 2}});
  match_findings(named(Verdict::OutputMismatch, {"y"}, {{"x", 2}}), vr);
  EXPECT_TRUE(vr.findings_listed);
  EXPECT_TRUE(vr.unexpected_findings.empty());
  EXPECT_TRUE(vr.findings_as_expected());
}

// A later reader's observations: judged only by a rule that lists consequences; each one that
// differs must be listed, each listed one must show, and none enters the verdict.
TEST(Findings, ConsequencesAreJudgedOnlyWhereARuleListsThem) {
  auto with_reader = [] {
    VariantResult vr = checked({}, {{"seq_lens", 6}});
    ReaderReport rep;
    rep.reader = "sampler";
    rep.mismatches.push_back({"sampler/num_sampled", "reader", 2, {}, ElementValue{}, ElementValue{}, ""});
    vr.consequences.push_back(rep);
    return vr;
  };
  Expectation e = named(Verdict::Mutation, {}, {{"seq_lens", std::nullopt}});
  VariantResult unjudged = with_reader();
  match_findings(e, unjudged);
  EXPECT_TRUE(unjudged.unexpected_findings.empty());  // no "consequences" key: recorded only

  e.consequences = std::vector<std::string>{"sampler/num_sampled"};
  VariantResult listed = with_reader();
  match_findings(e, listed);
  EXPECT_TRUE(listed.unexpected_findings.empty());

  e.consequences = std::vector<std::string>{};
  VariantResult unlisted = with_reader();
  match_findings(e, unlisted);
  ASSERT_EQ(unlisted.unexpected_findings.size(), 1u);
  EXPECT_EQ(unlisted.unexpected_findings[0].kind, "consequence");
  EXPECT_EQ(unlisted.unexpected_findings[0].name, "sampler/num_sampled");
  EXPECT_EQ(unlisted.unexpected_findings[0].count, 2);
  EXPECT_FALSE(unlisted.unexpected_findings[0].vanished);

  e.consequences = std::vector<std::string>{"sampler/num_sampled", "sampler/num_rejected"};
  VariantResult vanished = with_reader();
  match_findings(e, vanished);
  ASSERT_EQ(vanished.unexpected_findings.size(), 1u);
  EXPECT_EQ(vanished.unexpected_findings[0].name, "sampler/num_rejected");
  EXPECT_TRUE(vanished.unexpected_findings[0].vanished);
}

TEST(Findings, AConsequencesListMustBeNames) {
  const std::string head = R"({"schema_version": 2, "default": "same", "expectations": [{"suite": "fake_same",
      "variant": "clamp_", "verdict": "same", "reason": "r", "consequences": )";
  EXPECT_NO_THROW(load_text(head + R"(["r/x"]}]})"));
  EXPECT_THROW(load_text(head + R"("r/x"}]})"), std::invalid_argument);
  EXPECT_THROW(load_text(head + R"(["r/x", "r/x"]}]})"), std::invalid_argument);
}

TEST(Findings, ASecondOutputOfTheSameClassIsUnexpected) {
  VariantResult vr = checked({{"y", 3}, {"z", 1}}, {});
  match_findings(named(Verdict::OutputMismatch, {"y"}, {}), vr);
  ASSERT_EQ(vr.unexpected_findings.size(), 1u);
  const UnexpectedFinding& f = vr.unexpected_findings[0];
  EXPECT_EQ(f.kind, "output");
  EXPECT_EQ(f.name, "z");
  EXPECT_EQ(f.count, 1);
  EXPECT_FALSE(f.vanished);
  EXPECT_FALSE(vr.findings_as_expected());
}

TEST(Findings, AnotherBufferAndAnotherCountAreUnexpected) {
  VariantResult vr = checked({}, {{"x", 5}, {"w", 1}, {"v", 9}});
  match_findings(named(Verdict::Mutation, {}, {{"x", 4}, {"v", std::nullopt}}), vr);
  ASSERT_EQ(vr.unexpected_findings.size(), 2u);
  EXPECT_EQ(vr.unexpected_findings[0].name, "x");
  EXPECT_EQ(vr.unexpected_findings[0].count, 5);
  EXPECT_EQ(vr.unexpected_findings[0].expected_count, std::optional<std::int64_t>(4));
  EXPECT_EQ(vr.unexpected_findings[1].kind, "mutation");
  EXPECT_EQ(vr.unexpected_findings[1].name, "w");
  EXPECT_FALSE(vr.unexpected_findings[1].expected_count.has_value());  // v: any count is fine
}

TEST(Findings, ANamedFindingThatDoesNotShowHasVanished) {
  VariantResult vr = checked({{"y", 3}}, {});
  match_findings(named(Verdict::OutputMismatch, {"y", "gone"}, {{"x", 2}}), vr);
  ASSERT_EQ(vr.unexpected_findings.size(), 2u);
  EXPECT_EQ(vr.unexpected_findings[0].name, "gone");
  EXPECT_TRUE(vr.unexpected_findings[0].vanished);
  EXPECT_EQ(vr.unexpected_findings[1].name, "x");
  EXPECT_EQ(vr.unexpected_findings[1].expected_count, std::optional<std::int64_t>(2));
  EXPECT_TRUE(vr.unexpected_findings[1].vanished);
  const nlohmann::json j = findings_json(vr);
  EXPECT_EQ(j["vanished"].size(), 2u);
  EXPECT_EQ(j["unexpected"].size(), 0u);
  EXPECT_EQ(j["set"].size(), 1u);
  EXPECT_FALSE(j["as_expected"].get<bool>());
}

TEST(Findings, AFailedVariantAndAClassOnlyRuleCheckNoFinding) {
  VariantResult failed = checked({{"z", 1}}, {});
  failed.error = "boom";
  match_findings(named(Verdict::Error, {}, {}), failed);
  EXPECT_TRUE(failed.unexpected_findings.empty()) << "its error verdict speaks for it";
  VariantResult v1 = checked({{"y", 3}, {"z", 1}}, {{"w", 1}});
  Expectation class_only = named(Verdict::OutputMismatch, {}, {});
  class_only.lists_findings = false;
  match_findings(class_only, v1);
  EXPECT_FALSE(v1.findings_listed);
  EXPECT_TRUE(v1.unexpected_findings.empty());
}

TEST(Findings, TheOutcomeCountsThemAndExitsOneWithTheVerdictAsExpected) {
  CaseResult c;
  c.case_id = "fake_mismatch/n=3";
  c.variants.push_back(checked({{"y", 3}, {"z", 1}}, {}));
  c.variants[0].verdict = c.variants[0].expected_verdict = Verdict::OutputMismatch;
  match_findings(named(Verdict::OutputMismatch, {"y"}, {}), c.variants[0]);
  const Outcome o = compute_outcome({c}, {});
  EXPECT_TRUE(o.unexpected.empty());
  ASSERT_EQ(o.unexpected_findings.size(), 1u);
  EXPECT_EQ(o.unexpected_findings[0].finding.name, "z");
  EXPECT_EQ(o.status, "unexpected");
  EXPECT_EQ(o.exit_code, kExitUnexpected);
}

TEST(Findings, VersionTwoRulesLoadWithTheirFindings) {
  const Expectations e = load_text(testing::fake_expectations_json());
  ParamPoint p;
  p.set("n", 3);
  const Expectation m = e.expect("fake_mutation", "clamp_", p);
  EXPECT_TRUE(m.lists_findings);
  ASSERT_EQ(m.mutations.size(), 1u);
  EXPECT_EQ(m.mutations[0].buffer, "x");
  EXPECT_EQ(m.mutations[0].changed, std::optional<std::int64_t>(2));
  EXPECT_EQ(e.expect("fake_mismatch", "clamp_wrong", p).outputs, std::vector<std::string>{"y"});
  EXPECT_TRUE(e.expect("fake_same", "clamp_", p).lists_findings) << "the default: no finding";
}

TEST(Findings, VersionOneRulesCheckTheClassOnly) {
  const Expectations e = load_text(R"({"expectations": [
    {"suite": "fake_mutation", "variant": "clamp_", "verdict": "mutation", "reason": "in place"}]})");
  ParamPoint p;
  p.set("n", 3);
  EXPECT_FALSE(e.expect("fake_mutation", "clamp_", p).lists_findings);
  EXPECT_TRUE(e.expect("fake_same", "clamp_", p).lists_findings) << "default same: nothing may differ";
}

TEST(Findings, BadRulesAreRejectedWithOneLine) {
  const std::string head = R"({"schema_version": 2, "expectations": [{"suite": "fake_mutation", "variant": "clamp_", )";
  for (const std::string& rule : {
           std::string(R"("verdict": "mutation", "reason": ""}]})"),  // names nothing
           std::string(R"("verdict": "mutation", "outputs": ["y"], "reason": ""}]})"),
           std::string(R"("verdict": "same", "mutations": [{"buffer": "x"}], "reason": ""}]})"),
           std::string(R"("verdict": "error", "outputs": ["y"], "reason": ""}]})"),
           std::string(R"("verdict": "output_mismatch", "outputs": ["y", "y"], "reason": ""}]})"),
           std::string(R"("verdict": "output_mismatch", "outputs": "y", "reason": ""}]})"),
           std::string(R"("verdict": "mutation", "mutations": [{"buffer": "x", "changed": 0}], "reason": ""}]})"),
           std::string(R"("verdict": "mutation", "mutations": [{"buffer": "x", "changed": "2"}], "reason": ""}]})")}) {
    try {
      load_text(head + rule);
      ADD_FAILURE() << rule;
    } catch (const std::invalid_argument& e) {
      EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("fake_mutation clamp_"), std::string::npos) << e.what();
    }
  }
  for (const char* doc : {R"({"schema_version": 3, "expectations": []})",
                          R"({"schema_version": 2, "default": "mutation", "expectations": []})",
                          R"({"expectations": [{"suite": "fake_mutation", "variant": "clamp_", "verdict": "mutation",
                               "mutations": [{"buffer": "x"}], "reason": ""}]})"})
    EXPECT_THROW(load_text(doc), std::invalid_argument) << doc;
}

}  // namespace
}  // namespace clampbench
