// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The checks every floor (the `fused` variant) passes, from its suite's test: on each
// quick point and two seeds, fused outputs equal clamp's bitwise (names, dtypes, shapes,
// elements); the fused call allocates exactly the expected number of tensors, which are the
// outputs that are not input buffers (nothing temporary), and fewer than clamp_, which
// allocates fewer than clamp; Persistent and Fresh inputs are left as they were and
// PersistentWritable ones end up exactly as clamp leaves them; its launches and read-backs
// are exactly those expected.

#include <gtest/gtest.h>

#include <cstdint>
#include <initializer_list>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "kernels/error.h"
#include "tests/suites/suite_test_util.h"

namespace clampbench::suite_tests {

// Outputs whose storage is no input buffer's, and their bytes: what the builder must allocate
// (a builder may return an input buffer it wrote, or one tensor twice).
struct NewOutputs {
  std::uint64_t count = 0, bytes = 0;
};
inline NewOutputs new_outputs(const Outputs& outs, const CaseData& inputs) {
  std::set<const Storage*> input_storages, seen;
  for (const auto& b : inputs.buffers) input_storages.insert(b.tensor.storage().get());
  NewOutputs n;
  for (const auto& o : outs) {
    const Storage* s = o.tensor.storage().get();
    if (s->host_side()) continue;  // vLLM's Python ints and CPU tensors: no device allocation
    if (input_storages.count(s) == 0 && seen.insert(s).second) {
      ++n.count;
      n.bytes += s->nbytes();
    }
  }
  return n;
}

inline std::vector<std::pair<std::string, Values>> snapshot_roles(const CaseData& d, std::set<Role> roles) {
  std::vector<std::pair<std::string, Values>> out;
  for (const auto& b : d.buffers)
    if (roles.count(b.role) != 0) out.emplace_back(b.name, values(b.tensor));
  return out;
}

// The writable buffers hold the same values after clamp and after the floor, but for one only the
// floor writes: its own room for what vLLM allocates per call (the harness's check pass skips it
// too). One clamp writes and the floor does not is a floor that forgot a write: that fails.
template <typename Snapshot>
void expect_same_shared_writes(const Snapshot& before, const Snapshot& clamp_after, const Snapshot& fused_after) {
  ASSERT_EQ(before.size(), clamp_after.size());
  ASSERT_EQ(before.size(), fused_after.size());
  for (std::size_t i = 0; i < before.size(); ++i) {
    const bool clamp_wrote = clamp_after[i].second != before[i].second;
    if (!clamp_wrote && fused_after[i].second != before[i].second) continue;
    EXPECT_EQ(fused_after[i], clamp_after[i]);
  }
}

// What a floor's call costs: its allocations (only its outputs), and the kernels it launches and
// reads back (0 for a host-only builder). A GPU suite's test states its launches, so that a floor
// that launched nothing, or more than it says, fails.
struct FloorCost {
  FloorCost(std::uint64_t allocations_, std::int64_t launches_ = 0, std::int64_t readbacks_ = 0)  // NOLINT
      : allocations(allocations_), launches(launches_), readbacks(readbacks_) {}
  std::uint64_t allocations;
  std::int64_t launches, readbacks;
};

// The checks on one case; `data` is consumed (clamp runs on it, fused and clamp_ on clones).
// `property`, when not empty, records "clamp/clamp_/fused" allocations in the
// --gtest_output=xml report.
inline void check_fused_case(const Suite& s, CaseData data, const ParamPoint& p, FloorCost expected,
                             const std::string& property) {
  // The floor is registered as "fused", listed last (SuiteBuilder::floor).
  ASSERT_NE(s.find_variant("fused"), nullptr) << s.name;
  EXPECT_EQ(s.variants.back().name, "fused");
  const DeviceType device = case_device(s);
  CaseData fused_data = data.clone();
  CaseData in_place_data = data.clone();
  const auto before = snapshot_roles(data, {Role::PersistentWritable});
  const auto untouchable = snapshot_roles(data, {Role::Persistent, Role::Fresh});
  const Call ref = call(s, "clamp", data, p, device);
  const Call in_place = call(s, "clamp_", in_place_data, p, device);
  const Call f = call(s, "fused", fused_data, p, device);
  expect_same_outputs(ref.outputs, f.outputs);
  for (const auto& o : f.outputs) {
    if (o.tensor.host_side()) continue;  // vLLM's Python ints and CPU tensors stay on the host
    EXPECT_EQ(o.tensor.device(), device) << o.name;
  }
  const NewOutputs fresh = new_outputs(f.outputs, fused_data);
  EXPECT_EQ(f.allocations, expected.allocations);
  EXPECT_EQ(f.allocations, fresh.count);
  EXPECT_EQ(f.bytes, fresh.bytes);
  // No more than the out-of-place form it replaces. Not always below vLLM's in-place one,
  // which may allocate nothing at all: compressor_block_table's floor returns its clamped
  // table (1, as clamp), where clamp_ rewrites the runner's (0).
  EXPECT_LE(f.allocations, ref.allocations);
  EXPECT_EQ(snapshot_roles(fused_data, {Role::Persistent, Role::Fresh}), untouchable);
  expect_same_shared_writes(before, snapshot_roles(data, {Role::PersistentWritable}),
                            snapshot_roles(fused_data, {Role::PersistentWritable}));
  EXPECT_EQ(f.cost.launches, expected.launches) << "kernels the floor launches";
  EXPECT_EQ(f.cost.check_syncs, expected.readbacks) << "read-backs of its check";
  if (!property.empty())
    ::testing::Test::RecordProperty(property, std::to_string(ref.allocations) + "/" +
                                                  std::to_string(in_place.allocations) + "/" +
                                                  std::to_string(f.allocations));
}

// The registered floor of suite `name`, called directly (a hand-made case's outputs).
inline Outputs run_floor(const std::string& name, CaseData& data, const ParamPoint& p) {
  const Variant* floor = suite(name).find_variant("fused");
  if (floor == nullptr) throw std::logic_error("suite " + name + " registers no floor");
  return floor->fn(data, p);
}

// Every quick point of `s` with seeds 7 and 1234; expected(point) is the fused call's exact
// cost there (a FloorCost, or its allocations alone for a host-only builder).
template <typename ExpectedFn>
void check_fused_quick_set(const Suite& s, ExpectedFn expected) {
  const auto pts = s.points(SizeSet::Quick);
  ASSERT_FALSE(pts.empty());
  for (const auto& p : pts) {
    for (const std::uint64_t seed : {7u, 1234u}) {
      SCOPED_TRACE(s.name + " " + p.label() + " seed " + std::to_string(seed));
      std::string key = s.name + "." + p.label() + ".seed" + std::to_string(seed);
      for (char& ch : key)
        if (ch == '=' || ch == ',') ch = '_';
      check_fused_case(s, s.make_inputs(p, seed, kDevice), p, expected(p), key);
    }
  }
}

// The suite's variant names in registration order (the order the harness runs and reports).
inline std::vector<std::string> variant_names(const Suite& s) {
  std::vector<std::string> names;
  for (const auto& v : s.variants) names.push_back(v.name);
  return names;
}

// Replaces buffer `name` [rows, cols] of `data` by columns [2, 2 + cols) of a [rows, cols + 5]
// tensor whose other columns hold junk (same elements, row stride cols + 5, storage offset 2),
// and adds the wide tensor as buffer `name`_wide with `wide_role`, so the checks also see the
// junk columns.
inline void widen_columns(CaseData& data, const std::string& name, Role wide_role) {
  const Tensor t = data.get(name);
  const std::int64_t rows = t.size(0), cols = t.size(1);
  Tensor wide = full({rows, cols + 5}, -555, t.dtype(), t.device());
  Tensor inner = wide.slice(1, 2, 2 + cols);
  copy_(inner, t);
  data.get(name) = inner;
  data.add(name + "_wide", wide, wide_role);
}

// One case of suite `name` at `p` (seed 11) with `widened` buffers replaced by views into
// junk-padded tensors: the floor reads (and writes) through strides and offsets.
inline void check_widened(const std::string& name, const ParamPoint& p,
                          std::initializer_list<std::pair<const char*, Role>> widened, FloorCost expected) {
  const Suite& s = suite(name);
  CaseData data = s.make_inputs(p, 11, kDevice);
  for (const auto& [buffer, role] : widened) widen_columns(data, buffer, role);
  check_fused_case(s, std::move(data), p, expected, "");
}

// A strided, offset view of `v` on `device`: column 1 of a [n, 3] tensor whose other columns
// hold junk.
inline Tensor column_view(const std::vector<std::int32_t>& v, DeviceType device = kDevice) {
  std::vector<std::int32_t> wide;
  for (auto x : v) wide.insert(wide.end(), {-77, x, 99999});
  return i32(wide, Dims{static_cast<std::int64_t>(v.size()), 3}, device).select(1, 1);
}

}  // namespace clampbench::suite_tests
