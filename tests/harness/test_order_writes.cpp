// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// Order-dependent writes from the runtime's log to the case's buffers: the storage names the
// buffer, only runner-owned (Persistent, PersistentWritable) buffers are reported, the first
// index is given in the buffer's view, and the expectations mark findings known or vanished.

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

// slots int64 [4] PersistentWritable, scratch int32 [2] Fresh. Both variants scatter 5 and 6
// into slots[1] (differing), 1 and 1 into slots[3] (equal), and 8 and 9 into scratch[0]
// (Fresh: not reported); `clean` writes slots once per element, to the same contents.
Suite make_fake_order() {
  auto write = [](CaseData& d, bool duplicates) {
    const DeviceType h = DeviceType::Host;
    using V = std::vector<std::int64_t>;
    // Both leave slots = {0, 6, 0, 1}, so the verdicts are `same`.
    const Tensor idx = from_vector(duplicates ? V{1, 1, 3, 3} : V{0, 1, 2, 3}, {4}, h);
    const Tensor src = from_vector(duplicates ? V{5, 6, 1, 1} : V{0, 6, 0, 1}, {4}, h);
    scatter_(d.get("slots"), 0, idx, src);
    scatter_(d.get("scratch"), 0, from_vector(V{0, 0}, {2}, h), from_vector(std::vector<std::int32_t>{8, 9}, {2}, h));
    return Outputs{{"y", clone(d.get("slots"))}};
  };
  return SuiteBuilder("fake_order")
      .describe("harness test suite")
      .source("tests/harness/test_order_writes.cpp", "fake_order")
      .device(SuiteDevice::Host)
      .axis("n", {3}, {3}, {3})
      .inputs([](const ParamPoint&, std::uint64_t, DeviceType device) {
        CaseData d;
        d.device = device;
        d.add("slots", full({4}, 0, DType::Int64, device), Role::PersistentWritable);
        d.add("scratch", full({2}, 0, DType::Int32, device), Role::Fresh);
        return d;
      })
      .outputs({"y"})
      .variant("clamp", "duplicates", [=](CaseData& d, const ParamPoint&) { return write(d, true); })
      .variant("clean", "no duplicates", [=](CaseData& d, const ParamPoint&) { return write(d, false); })
      .build();
}

TEST(OrderWrites, ViewIndexOfAStorageElement) {
  const Tensor t = full({3, 4}, 0, DType::Int32, DeviceType::Host);
  EXPECT_EQ(view_index_of(t, 6), (std::vector<std::int64_t>{1, 2}));
  const Tensor col = t.narrow(1, 1, 2);  // columns 1, 2: elements 1, 2, 5, 6, 9, 10
  EXPECT_EQ(view_index_of(col, 10), (std::vector<std::int64_t>{2, 1}));
  EXPECT_TRUE(view_index_of(col, 7).empty()) << "column 3 is outside the view";
  EXPECT_TRUE(view_index_of(col, 0).empty()) << "before the view's offset";
}

TEST(OrderWrites, StorageMapsToTheRunnerOwnedBufferAndItsRole) {
  CaseData d;
  d.add("table", full({2, 4}, 0, DType::Int32, DeviceType::Host), Role::Persistent);
  d.add("history", full({4}, 0, DType::Int32, DeviceType::Host), Role::PersistentWritable);
  d.add("scratch", full({4}, 0, DType::Int32, DeviceType::Host), Role::Fresh);
  const Tensor temporary = full({4}, 0, DType::Int32, DeviceType::Host);
  const std::vector<OrderDependentWrite> log = {
      {d.get("table").storage().get(), "scatter_", 2, 5},
      {d.get("scratch").storage().get(), "scatter_", 1, 0},
      {temporary.storage().get(), "scatter_", 1, 0},
      {d.get("history").storage().get(), "fused_x", 1, 3}};
  const std::vector<OrderWriteFinding> found = map_order_dependent_writes(log, d);
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0].buffer, "table");
  EXPECT_EQ(found[0].role, Role::Persistent);
  EXPECT_EQ(found[0].op, "scatter_");
  EXPECT_EQ(found[0].duplicates, 2);
  EXPECT_EQ(found[0].first_index, (std::vector<std::int64_t>{1, 1}));
  EXPECT_EQ(found[1].buffer, "history");
  EXPECT_EQ(found[1].role, Role::PersistentWritable);
  EXPECT_EQ(found[1].op, "fused_x");
  EXPECT_EQ(found[1].first_index, (std::vector<std::int64_t>{3}));
}

TEST(OrderWrites, RunnerReportsFindingsAndExpectationsMarkThem) {
  const std::vector<Suite> suites = {make_fake_order()};
  const Suite& s = suites[0];
  RunConfig config;
  NoTracer tracer;
  const auto dir = testing::fresh_temp_dir("order_writes");
  testing::write_text(dir / "e.json", R"({"expectations": [], "order_dependent_writes": [
    {"suite": "fake_order", "variant": "clamp", "buffer": "slots", "reason": "known"},
    {"suite": "fake_order", "variant": "clean", "when": [{"param": "n", "op": "==", "value": 3}],
     "buffer": "slots", "reason": "listed but absent"}]})");
  const Expectations listed = Expectations::load((dir / "e.json").string(), suites);
  std::filesystem::remove_all(dir);

  for (const bool with_list : {false, true}) {
    SCOPED_TRACE(with_list);
    const Expectations none;
    Runner runner(config, with_list ? listed : none, tracer, nullptr);
    const CaseResult r = runner.run_case(s, s.points(SizeSet::Quick).at(0));
    const VariantResult& dup = r.variants.at(0);
    const VariantResult& clean = r.variants.at(1);
    EXPECT_EQ(dup.verdict, Verdict::Same);
    ASSERT_EQ(dup.order_dependent_writes.size(), 1u) << "slots only: equal duplicates and Fresh scratch are not";
    const OrderWriteFinding& f = dup.order_dependent_writes[0];
    EXPECT_EQ(f.buffer, "slots");
    EXPECT_EQ(f.role, Role::PersistentWritable);
    EXPECT_EQ(f.op, "scatter_");
    EXPECT_EQ(f.duplicates, 1);
    EXPECT_EQ(f.first_index, (std::vector<std::int64_t>{1}));
    EXPECT_EQ(f.expected, with_list);
    EXPECT_EQ(f.reason, with_list ? "known" : "");
    EXPECT_TRUE(clean.order_dependent_writes.empty());
    EXPECT_EQ(clean.order_writes_vanished, with_list ? std::vector<std::string>{"slots"} : std::vector<std::string>{});
    const Outcome o = compute_outcome({r}, {});
    ASSERT_EQ(o.unexpected_order_writes.size(), 1u);
    EXPECT_EQ(o.unexpected_order_writes[0].variant, with_list ? "clean" : "clamp");
    EXPECT_EQ(o.unexpected_order_writes[0].vanished, with_list);
    EXPECT_EQ(o.exit_code, kExitUnexpected);
    EXPECT_TRUE(o.unexpected.empty()) << "the verdicts themselves are as expected";
  }
}

}  // namespace
}  // namespace clampbench
