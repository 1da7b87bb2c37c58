// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The checks every fused variant passes, shared by the test_fused_<group>.cpp
// files: on each quick point and a couple of seeds, fused outputs equal clamp's bitwise
// (names, dtypes, shapes, elements), the fused call allocates exactly the expected number of
// tensors -- each one an output's storage, nothing temporary -- and fewer than clamp_, and no
// input (persistent or fresh) changes.

#include <gtest/gtest.h>

#include <cstdint>
#include <set>
#include <string>

#include "tests/suites/suite_test_util.h"

namespace clampbench::suite_tests {

// A variant function called outside the suite's registry, with what it allocated.
inline Call call_fn(const VariantFn& fn, const std::string& scope_name, CaseData& data, const ParamPoint& p,
                    DeviceType device) {
  Call c;
  LedgerScope scope(Runtime::current().ledger(), scope_name);
  c.outputs = fn(data, p);
  Runtime::current().synchronize();
  const PerDevice counters = scope.close();
  c.allocations = counters[static_cast<int>(device)].allocations;
  c.bytes = counters[static_cast<int>(device)].bytes_requested;
  return c;
}

// Distinct storages among the outputs (an eager builder may return one tensor twice).
inline std::uint64_t distinct_storages(const Outputs& outs) {
  std::set<const Storage*> seen;
  for (const auto& o : outs) seen.insert(o.tensor.storage().get());
  return seen.size();
}

// expected_allocations(point): the fused call's exact allocation count at that point.
template <typename ExpectedFn>
void check_fused_quick_set(const Suite& s, const VariantFn& fused, ExpectedFn expected_allocations) {
  const auto pts = s.points(SizeSet::Quick);
  ASSERT_FALSE(pts.empty());
  const DeviceType device = case_device(s);
  for (const auto& p : pts) {
    for (const std::uint64_t seed : {7u, 1234u}) {
      SCOPED_TRACE(s.name + " " + p.label() + " seed " + std::to_string(seed));
      CaseData data = s.make_inputs(p, seed, kDevice);
      CaseData second = data.clone();
      CaseData third = data.clone();
      const auto before = snapshot_all(data);
      const Call ref = call(s, "clamp", data, p, device);
      const Call in_place = call(s, "clamp_", third, p, device);
      const Call f = call_fn(fused, s.name + "/fused", second, p, device);
      expect_same_outputs(ref.outputs, f.outputs);
      EXPECT_EQ(f.allocations, expected_allocations(p));
      EXPECT_EQ(f.allocations, distinct_storages(f.outputs));
      EXPECT_LT(f.allocations, in_place.allocations);
      // A builder with nothing to return (vLLM's None, MLA without context) stops before its
      // clamp: clamp_ saves nothing there.
      if (ref.outputs.empty()) {
        EXPECT_EQ(in_place.allocations, ref.allocations);
      } else {
        EXPECT_LT(in_place.allocations, ref.allocations);
      }
      EXPECT_EQ(snapshot_all(second), before);  // fused writes nothing but its outputs
      for (const auto& o : f.outputs) EXPECT_EQ(o.tensor.device(), device) << o.name;
      // "clamp/clamp_/fused" allocations, in the --gtest_output=xml report.
      std::string key = s.name + "." + p.label() + ".seed" + std::to_string(seed);
      for (char& ch : key)
        if (ch == '=' || ch == ',') ch = '_';
      ::testing::Test::RecordProperty(key, std::to_string(ref.allocations) + "/" +
                                               std::to_string(in_place.allocations) + "/" +
                                               std::to_string(f.allocations));
    }
  }
}

// The suite registers `fused` as its third variant, and that registered variant is the
// fused builder: equal outputs, exactly the expected allocations, on the first quick point.
template <typename ExpectedFn>
void check_fused_registered(const Suite& s, ExpectedFn expected_allocations) {
  ASSERT_EQ(s.variants.size(), 3u) << s.name;
  EXPECT_EQ(s.variants[0].name, "clamp");
  EXPECT_EQ(s.variants[1].name, "clamp_");
  EXPECT_EQ(s.variants[2].name, "fused");
  const ParamPoint p = s.points(SizeSet::Quick).front();
  CaseData data = s.make_inputs(p, 99, kDevice);
  CaseData second = data.clone();
  const Call ref = call(s, "clamp", data, p, case_device(s));
  const Call f = call(s, "fused", second, p, case_device(s));
  expect_same_outputs(ref.outputs, f.outputs);
  EXPECT_EQ(f.allocations, expected_allocations(p));
}

}  // namespace clampbench::suite_tests
