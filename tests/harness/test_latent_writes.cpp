// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// Latent writes from the runtime's view writes to the case's buffers: only Persistent buffers
// are reported, per (buffer, op) summed over calls, a write that changes nothing included;
// the expectations mark findings known or vanished, and the outcome counts unlisted ones.

#include <gtest/gtest.h>

#include "tests/harness/no_tracer.h"
#include "harness/verdicts/write_findings.h"
#include "harness/results/outcome.h"
#include "harness/runner/runner.h"
#include "kernels/ops.h"
#include "tests/harness/test_util.h"

namespace clampbench {
namespace {

using testing::NoTracer;

// table int32 [2, 3] Persistent holding 0..5, history [3] PersistentWritable, scratch [3]
// Fresh. `clamp_` clamps table's row 1 to >= 0 in place (3 written, 0 changed: no negative
// entry); both variants fill history and scratch, which are not reported.
Suite make_fake_latent() {
  return SuiteBuilder("fake_latent")
      .describe("harness test suite")
      .source("tests/harness/test_latent_writes.cpp", "fake_latent")
      .device(SuiteDevice::Host)
      .axis("n", {3}, {3}, {3})
      .inputs([](const ParamPoint&, std::uint64_t, DeviceType device) {
        CaseData d;
        d.device = device;
        d.add("table", arange(0, 6, 1, DType::Int32, device).view({2, 3}), Role::Persistent);
        d.add("history", full({3}, 0, DType::Int32, device), Role::PersistentWritable);
        d.add("scratch", full({3}, 0, DType::Int32, device), Role::Fresh);
        return d;
      })
      .outputs({"y"})
      .variant("clamp", "out of place", [](CaseData& d, const ParamPoint&) {
        fill_(d.get("history"), 1);  // both variants write the writable buffers alike
        fill_(d.get("scratch"), 1);
        return Outputs{{"y", clamp(d.get("table").select(0, 1), 0)}};
      })
      .variant("clamp_", "in place", [](CaseData& d, const ParamPoint&) {
        Tensor row = d.get("table").select(0, 1);
        clamp_(row, 0);
        fill_(d.get("history"), 1);
        fill_(d.get("scratch"), 1);
        return Outputs{{"y", clone(row)}};
      })
      .build();
}

TEST(LatentWrites, OnlyPersistentBuffersAreReportedSummedPerBufferAndOp) {
  CaseData d;
  d.add("table", full({2, 4}, 0, DType::Int32, DeviceType::Host), Role::Persistent);
  d.add("history", full({4}, 0, DType::Int32, DeviceType::Host), Role::PersistentWritable);
  d.add("scratch", full({4}, 0, DType::Int32, DeviceType::Host), Role::Fresh);
  const Tensor temporary = full({4}, 0, DType::Int32, DeviceType::Host);
  const Storage* table = d.get("table").storage().get();
  const std::vector<ViewWrite> log = {
      {table, "clamp_", "[4] strides [1] offset 4", 4, 0},
      {d.get("history").storage().get(), "fill_", "[4] strides [1] offset 0", 4, 4},
      {d.get("scratch").storage().get(), "fill_", "[4] strides [1] offset 0", 4, 4},
      {temporary.storage().get(), "clamp_", "[4] strides [1] offset 0", 4, 1},
      {table, "clamp_", "[4] strides [1] offset 0", 4, 2},
      {table, "fill_", "[8] strides [1] offset 0", 8, 8}};
  const std::vector<LatentWriteFinding> found = map_latent_writes(log, d);
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0].buffer, "table");
  EXPECT_EQ(found[0].op, "clamp_");
  EXPECT_EQ(found[0].view, "[4] strides [1] offset 4");  // the first call's
  EXPECT_EQ(found[0].calls, 2);
  EXPECT_EQ(found[0].elements_written, 8);
  EXPECT_EQ(found[0].elements_changed, 2);
  EXPECT_EQ(found[1].op, "fill_");
  EXPECT_EQ(found[1].elements_changed, 8);
}

TEST(LatentWrites, RunnerReportsANoOpWriteBesideASameVerdictAndExpectationsMarkIt) {
  const std::vector<Suite> suites = {make_fake_latent()};
  const Suite& s = suites[0];
  RunConfig config;
  NoTracer tracer;
  const auto dir = testing::fresh_temp_dir("latent_writes");
  testing::write_text(dir / "e.json", R"({"expectations": [], "latent_writes": [
    {"suite": "fake_latent", "variant": "clamp_", "buffer": "table", "reason": "known"},
    {"suite": "fake_latent", "variant": "clamp", "buffer": "table", "reason": "listed but absent"}]})");
  const Expectations listed = Expectations::load((dir / "e.json").string(), suites);
  std::filesystem::remove_all(dir);

  for (const bool with_list : {false, true}) {
    SCOPED_TRACE(with_list);
    const Expectations none;
    Runner runner(config, with_list ? listed : none, tracer, nullptr);
    const CaseResult r = runner.run_case(s, s.points(SizeSet::Quick).at(0));
    const VariantResult& ref = r.variants.at(0);
    const VariantResult& in_place = r.variants.at(1);
    EXPECT_EQ(in_place.verdict, Verdict::Same) << "nothing changed: the mutation check sees nothing";
    ASSERT_EQ(in_place.latent_writes.size(), 1u) << "table only: history is writable, scratch Fresh";
    const LatentWriteFinding& f = in_place.latent_writes[0];
    EXPECT_EQ(f.buffer, "table");
    EXPECT_EQ(f.op, "clamp_");
    EXPECT_EQ(f.view, "[3] strides [1] offset 3");
    EXPECT_EQ(f.elements_written, 3);
    EXPECT_EQ(f.elements_changed, 0);
    EXPECT_EQ(f.expected, with_list);
    EXPECT_TRUE(ref.latent_writes.empty());
    EXPECT_EQ(ref.latent_writes_vanished, with_list ? std::vector<std::string>{"table"} : std::vector<std::string>{});
    const Outcome o = compute_outcome({r}, {});
    ASSERT_EQ(o.unexpected_latent_writes.size(), 1u);
    EXPECT_EQ(o.unexpected_latent_writes[0].variant, with_list ? "clamp" : "clamp_");
    EXPECT_EQ(o.unexpected_latent_writes[0].vanished, with_list);
    EXPECT_EQ(o.exit_code, kExitUnexpected);
  }
}

}  // namespace
}  // namespace clampbench
