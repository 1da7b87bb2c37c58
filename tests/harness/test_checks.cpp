// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The check pass's comparisons on their own: counts, first index (multi-dim), both values.

#include <gtest/gtest.h>

#include "harness/checks/tensor_compare.h"
#include "kernels/ops.h"

namespace clampbench {
namespace {

HostTensor host(const std::vector<std::int32_t>& v, const Dims& shape) {
  return host_view(from_vector<std::int32_t>(v, shape, DeviceType::Host));
}

TEST(Checks, EqualTensorsHaveNoMismatch) {
  EXPECT_FALSE(compare_tensors("y", host({1, 2, 3, 4}, {2, 2}), host({1, 2, 3, 4}, {2, 2})).has_value());
}

TEST(Checks, MismatchReportsCountFirstIndexAndValues) {
  auto m = compare_tensors("y", host({0, 1, 2, 3, 4, 5}, {2, 3}), host({0, 1, 2, 3, -9, -7}, {2, 3}));
  ASSERT_TRUE(m.has_value());
  EXPECT_EQ(m->count, 2);
  EXPECT_EQ(m->first_index, (std::vector<std::int64_t>{1, 1}));
  EXPECT_EQ(m->reference, ElementValue{std::int64_t{4}});
  EXPECT_EQ(m->value, ElementValue{std::int64_t{-9}});
  EXPECT_TRUE(m->reason.empty());
}

TEST(Checks, DtypeOrShapeDifferenceIsAMismatch) {
  const HostTensor i32 = host({1, 2}, {2});
  const HostTensor i64 = host_view(from_vector<std::int64_t>({1, 2}, {2}, DeviceType::Host));
  auto m = compare_tensors("y", i32, i64);
  ASSERT_TRUE(m.has_value());
  EXPECT_EQ(m->count, 2);
  EXPECT_NE(m->reason.find("int64"), std::string::npos);
  EXPECT_TRUE(compare_tensors("y", host({1, 2}, {2}), host({1, 2}, {1, 2})).has_value());
}

TEST(Checks, HostViewOfAViewHoldsOnlyTheViewsElements) {
  Tensor t = from_vector<std::int32_t>({1, 2, 3, 4, 5, 6}, {2, 3}, DeviceType::Host);
  const HostTensor col = host_view(t.select(1, 1));  // {2, 5}, strided
  ASSERT_EQ(col.numel(), 2);
  EXPECT_EQ(element_value(col, 0), ElementValue{std::int64_t{2}});
  EXPECT_EQ(element_value(col, 1), ElementValue{std::int64_t{5}});
}

// A host-contiguous tensor is viewed as it is (no copy), anything else is copied.
TEST(Checks, HostViewSharesContiguousHostStorageAndCopiesTheRest) {
  Tensor t = from_vector<std::int32_t>({1, 2, 3, 4, 5, 6}, {2, 3}, DeviceType::Host);
  const HostTensor whole = host_view(t);
  const HostTensor row = host_view(t.select(0, 1));
  const HostTensor col = host_view(t.select(1, 0));
  EXPECT_EQ(whole.data(), static_cast<const unsigned char*>(t.data_ptr()));
  EXPECT_EQ(row.data(), static_cast<const unsigned char*>(t.data_ptr()) + 3 * 4);
  EXPECT_EQ(row.nbytes(), 12u);
  EXPECT_FALSE(col.host.shares_storage_with(t));
  fill_(t, 0);
  EXPECT_EQ(element_value(whole, 4), ElementValue{std::int64_t{0}});  // a view: it sees the write
  EXPECT_EQ(element_value(col, 1), ElementValue{std::int64_t{4}});    // a copy: it does not
  EXPECT_EQ(host_view(Tensor()).data(), nullptr);
}

// Differences are found on both sides of the block boundaries of the fast path, in order.
TEST(Checks, DiffFindsEveryChangeAcrossBlocks) {
  std::vector<std::int32_t> before(10000, 1), after(10000, 1);
  for (const int i : {0, 4095, 4096, 8191, 9999}) after[static_cast<std::size_t>(i)] = 2;
  auto c = diff_buffer("t", Role::Persistent, host(before, {10000}), host(after, {10000}));
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(c->changed, 5);
  ASSERT_EQ(c->first.size(), 5u);
  EXPECT_EQ(c->first[1].index, (std::vector<std::int64_t>{4095}));
  EXPECT_EQ(c->first[2].index, (std::vector<std::int64_t>{4096}));
  EXPECT_EQ(c->first[4].index, (std::vector<std::int64_t>{9999}));
  EXPECT_FALSE(diff_buffer("t", Role::Persistent, host(before, {10000}), host(before, {10000})).has_value());
}

TEST(Checks, DiffBufferListsTheFirstFiveChanges) {
  std::vector<std::int32_t> before(8, -1), after(8, 0);
  after[7] = -1;  // 7 of 8 change
  auto c = diff_buffer("block_table", Role::Persistent, host(before, {2, 4}), host(after, {2, 4}));
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(c->changed, 7);
  ASSERT_EQ(c->first.size(), 5u);
  EXPECT_EQ(c->first[4].index, (std::vector<std::int64_t>{1, 0}));
  EXPECT_EQ(c->first[4].before, ElementValue{std::int64_t{-1}});
  EXPECT_EQ(c->first[4].after, ElementValue{std::int64_t{0}});
  EXPECT_FALSE(diff_buffer("t", Role::Persistent, host(before, {8}), host(before, {8})).has_value());
}

TEST(Checks, CompareOutputsMatchesByNameAndReportsMissingOnes) {
  const Outputs ref = {{"a", from_vector<std::int32_t>({1}, {1}, DeviceType::Host)},
                       {"b", from_vector<std::int32_t>({2}, {1}, DeviceType::Host)}};
  const Outputs val = {{"b", from_vector<std::int32_t>({2}, {1}, DeviceType::Host)},
                       {"c", from_vector<std::int32_t>({3}, {1}, DeviceType::Host)}};
  const auto ms = compare_outputs(ref, val);
  ASSERT_EQ(ms.size(), 2u);
  EXPECT_EQ(ms[0].name, "a");
  EXPECT_EQ(ms[0].reason, "missing in the variant");
  EXPECT_EQ(ms[1].name, "c");
  EXPECT_EQ(ms[1].reason, "missing in the reference");
}

TEST(Checks, BoolAndFloatElementsBecomeJsonNumbers) {
  const HostTensor b = host_view(gt(from_vector<std::int32_t>({0, 5}, {2}, DeviceType::Host), 1));
  EXPECT_EQ(element_value(b, 0), ElementValue{std::int64_t{0}});
  EXPECT_EQ(element_value(b, 1), ElementValue{std::int64_t{1}});
  const HostTensor f = host_view(from_vector<float>({1.5f}, {1}, DeviceType::Host));
  EXPECT_EQ(element_value(f, 0), ElementValue{1.5});
}

}  // namespace
}  // namespace clampbench
