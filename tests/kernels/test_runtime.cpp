// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// Runtime: default allocators, AllocatorGuard, allocator kinds, the host-only CUDA errors.

#include "kernels/allocators.h"
#include "kernels/detail/backend.h"
#include "tests/kernels/kernel_test_util.h"

namespace clampbench::test {
namespace {

// A host allocator that counts what passes through it, to prove which allocator ops use.
class CountingAllocator final : public Allocator {
 public:
  explicit CountingAllocator(AllocationLedger* ledger) : Allocator(ledger), inner_(make_host_allocator(nullptr)) {}
  std::string_view name() const override { return "counting"; }
  DeviceType device() const override { return DeviceType::Host; }
  int allocated = 0, released = 0;

 protected:
  Block do_allocate(std::size_t bytes, Stream stream) override {
    ++allocated;
    return inner_->allocate(bytes, stream);
  }
  void do_release(const Block& block) override {
    ++released;
    inner_->release(block);
  }

 private:
  std::unique_ptr<Allocator> inner_;
};

TEST(Runtime, DefaultHostAllocator) {
  Allocator& a = Runtime::current().allocator(DeviceType::Host);
  EXPECT_EQ(a.device(), DeviceType::Host);
  EXPECT_EQ(a.name(), "host");
  EXPECT_EQ(a.ledger(), &Runtime::current().ledger());
}

TEST(Runtime, AllocatorGuardSwapsAndRestores) {
  Allocator* before = &Runtime::current().allocator(DeviceType::Host);
  CountingAllocator counting(&Runtime::current().ledger());
  {
    AllocatorGuard guard(DeviceType::Host, &counting);
    EXPECT_EQ(&Runtime::current().allocator(DeviceType::Host), &counting);
    const Tensor t = add(i32({1, 2}), 1);  // from_vector 1 + add 1
    EXPECT_EQ(counting.allocated, 2);
    EXPECT_EQ(to_vector<std::int32_t>(t), (I32{2, 3}));
  }
  EXPECT_EQ(counting.released, 2);
  EXPECT_EQ(&Runtime::current().allocator(DeviceType::Host), before);
}

TEST(Runtime, StorageFreesThroughItsOwnAllocator) {
  CountingAllocator counting(&Runtime::current().ledger());
  Tensor kept;
  {
    AllocatorGuard guard(DeviceType::Host, &counting);
    kept = empty(Dims{4}, DType::Int32, DeviceType::Host);
  }
  EXPECT_EQ(counting.released, 0);
  EXPECT_EQ(kept.storage()->allocator(), &counting);
  kept = Tensor();
  EXPECT_EQ(counting.released, 1);
}

TEST(Runtime, SetAllocatorNullRestoresDefault) {
  Allocator* def = &Runtime::current().allocator(DeviceType::Host);
  CountingAllocator counting(nullptr);
  Runtime::current().set_allocator(DeviceType::Host, &counting);
  EXPECT_EQ(&Runtime::current().allocator(DeviceType::Host), &counting);
  Runtime::current().set_allocator(DeviceType::Host, nullptr);
  EXPECT_EQ(&Runtime::current().allocator(DeviceType::Host), def);
}

TEST(Runtime, AllocatorKinds) {
  EXPECT_TRUE(is_cuda_allocator_kind("caching"));
  EXPECT_TRUE(is_cuda_allocator_kind("async"));
  EXPECT_TRUE(is_cuda_allocator_kind("raw"));
  EXPECT_FALSE(is_cuda_allocator_kind("host"));
  EXPECT_FALSE(is_cuda_allocator_kind(""));
}

TEST(Runtime, ErrorKindNames) {
  EXPECT_STREQ(error_kind_name(ErrorKind::ShapeMismatch), "ShapeMismatch");
  EXPECT_STREQ(error_kind_name(ErrorKind::IndexOutOfRange), "IndexOutOfRange");
  EXPECT_STREQ(error_kind_name(ErrorKind::OutOfMemory), "OutOfMemory");
  EXPECT_EQ(error_kind_of([] { throw_error(ErrorKind::Device, "boom"); }), ErrorKind::Device);
}

TEST(Runtime, WithoutCudaTheCudaEntryPointsThrowDevice) {
  if (cuda_compiled()) GTEST_SKIP() << "CUDA is compiled in";
  EXPECT_FALSE(cuda_device_available());
  EXPECT_EQ(error_kind_of([] { make_cuda_allocator("caching", nullptr); }), ErrorKind::Device);
  EXPECT_EQ(error_kind_of([] { Runtime::current().allocator(DeviceType::Cuda); }), ErrorKind::Device);
  EXPECT_EQ(error_kind_of([] { detail::backend_for(DeviceType::Cuda); }), ErrorKind::Device);
  Runtime::current().synchronize();  // no cuda allocator was ever made: nothing to wait for
}

}  // namespace
}  // namespace clampbench::test
