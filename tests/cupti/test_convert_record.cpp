// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// CUPTI structs -> ActivityRecord, on hand-built CUPTI records (no device, no CUPTI calls).

#include <gtest/gtest.h>

#include "harness/cupti/detail/convert_record.h"

namespace clampbench::cupti::detail {
namespace {

const CUpti_Activity& as_activity(const void* p) { return *static_cast<const CUpti_Activity*>(p); }

TEST(CuptiConvert, Memory4AllocationAndRelease) {
  CUpti_ActivityMemory4 m{};
  m.kind = CUPTI_ACTIVITY_KIND_MEMORY2;
  m.memoryOperationType = CUPTI_ACTIVITY_MEMORY_OPERATION_TYPE_ALLOCATION;
  m.memoryKind = CUPTI_ACTIVITY_MEMORY_KIND_DEVICE;
  m.correlationId = 42;
  m.address = 0x7f0000001000;
  m.bytes = 6144;
  m.timestamp = 123456;
  m.isAsync = 1;
  auto r = convert_record(as_activity(&m));
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->kind, RecordKind::Memory);
  EXPECT_EQ(r->memory_op, MemoryOperation::Allocation);
  EXPECT_EQ(r->memory_kind, MemoryKind::Device);
  EXPECT_EQ(r->correlation_id, 42u);
  EXPECT_EQ(r->address, 0x7f0000001000u);
  EXPECT_EQ(r->bytes, 6144u);
  EXPECT_EQ(r->start_ns, 123456u);
  EXPECT_EQ(r->end_ns, 123456u);
  EXPECT_TRUE(r->is_async);

  m.memoryOperationType = CUPTI_ACTIVITY_MEMORY_OPERATION_TYPE_RELEASE;
  m.memoryKind = CUPTI_ACTIVITY_MEMORY_KIND_PINNED;
  r = convert_record(as_activity(&m));
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->memory_op, MemoryOperation::Release);
  EXPECT_EQ(r->memory_kind, MemoryKind::Pinned);

  m.memoryOperationType = CUPTI_ACTIVITY_MEMORY_OPERATION_TYPE_INVALID;
  EXPECT_FALSE(convert_record(as_activity(&m)).has_value());
}

TEST(CuptiConvert, MemoryPool3) {
  CUpti_ActivityMemoryPool3 p{};
  p.kind = CUPTI_ACTIVITY_KIND_MEMORY_POOL;
  p.memoryPoolOperationType = CUPTI_ACTIVITY_MEMORY_POOL_OPERATION_TYPE_TRIMMED;
  p.address = 0x9000;
  p.size = 1 << 21;
  p.correlationId = 7;
  p.timestamp = 99;
  const auto r = convert_record(as_activity(&p));
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->kind, RecordKind::MemoryPool);
  EXPECT_EQ(r->pool_op, PoolOperation::Trimmed);
  EXPECT_EQ(r->bytes, 1u << 21);
  EXPECT_EQ(r->start_ns, 99u);
}

TEST(CuptiConvert, Kernel10Memcpy6Memset4) {
  CUpti_ActivityKernel10 k{};
  k.kind = CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL;
  k.correlationId = 11;
  k.start = 1000;
  k.end = 2000;
  auto r = convert_record(as_activity(&k));
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->kind, RecordKind::Kernel);
  EXPECT_EQ(r->correlation_id, 11u);
  EXPECT_EQ(r->start_ns, 1000u);
  EXPECT_EQ(r->end_ns, 2000u);

  CUpti_ActivityMemcpy6 c{};
  c.kind = CUPTI_ACTIVITY_KIND_MEMCPY;
  c.copyKind = CUPTI_ACTIVITY_MEMCPY_KIND_DTOH;
  c.bytes = 256;
  c.correlationId = 12;
  c.start = 5;
  c.end = 6;
  r = convert_record(as_activity(&c));
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->kind, RecordKind::Memcpy);
  EXPECT_EQ(r->memcpy_kind, MemcpyKind::DeviceToHost);
  EXPECT_EQ(r->bytes, 256u);
  EXPECT_EQ(r->correlation_id, 12u);

  CUpti_ActivityMemset4 s{};
  s.kind = CUPTI_ACTIVITY_KIND_MEMSET;
  s.bytes = 4096;
  s.correlationId = 13;
  s.start = 7;
  s.end = 8;
  r = convert_record(as_activity(&s));
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->kind, RecordKind::Memset);
  EXPECT_EQ(r->bytes, 4096u);
}

TEST(CuptiConvert, UnconsumedKindsAreSkipped) {
  CUpti_Activity a{};
  a.kind = CUPTI_ACTIVITY_KIND_RUNTIME;
  EXPECT_FALSE(convert_record(a).has_value());
}

TEST(CuptiConvert, KernelLaunchCallbacksIncludeCuda13EntryPoints) {
  EXPECT_TRUE(is_kernel_launch(CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_v7000));
  EXPECT_TRUE(is_kernel_launch(CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_ptsz_v7000));
  EXPECT_TRUE(is_kernel_launch(CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernelExC_v11060));
  EXPECT_TRUE(is_kernel_launch(CUPTI_RUNTIME_TRACE_CBID___cudaLaunchKernel_v13000));
  EXPECT_TRUE(is_kernel_launch(CUPTI_RUNTIME_TRACE_CBID___cudaLaunchKernel_ptsz_v13000));
  EXPECT_FALSE(is_kernel_launch(CUPTI_RUNTIME_TRACE_CBID_cudaMalloc_v3020));
  EXPECT_FALSE(is_kernel_launch(CUPTI_RUNTIME_TRACE_CBID_cudaGraphLaunch_v10000));
}

TEST(CuptiConvert, MemoryKindsOneForOne) {
  EXPECT_EQ(convert_memory_kind(CUPTI_ACTIVITY_MEMORY_KIND_MANAGED), MemoryKind::Managed);
  EXPECT_EQ(convert_memory_kind(CUPTI_ACTIVITY_MEMORY_KIND_DEVICE_STATIC), MemoryKind::DeviceStatic);
  EXPECT_EQ(convert_memory_kind(CUPTI_ACTIVITY_MEMORY_KIND_PAGEABLE), MemoryKind::Pageable);
  EXPECT_EQ(convert_memory_kind(12345), MemoryKind::Unknown);
  EXPECT_EQ(convert_memcpy_kind(CUPTI_ACTIVITY_MEMCPY_KIND_PTOP), MemcpyKind::PeerToPeer);
  EXPECT_EQ(convert_memcpy_kind(CUPTI_ACTIVITY_MEMCPY_KIND_ATOD), MemcpyKind::Other);
}

}  // namespace
}  // namespace clampbench::cupti::detail
