// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/cupti/detail/convert_record.h"

namespace clampbench::cupti::detail {

MemoryKind convert_memory_kind(std::uint32_t k) {
  switch (k) {
    case CUPTI_ACTIVITY_MEMORY_KIND_PAGEABLE: return MemoryKind::Pageable;
    case CUPTI_ACTIVITY_MEMORY_KIND_PINNED: return MemoryKind::Pinned;
    case CUPTI_ACTIVITY_MEMORY_KIND_DEVICE: return MemoryKind::Device;
    case CUPTI_ACTIVITY_MEMORY_KIND_ARRAY: return MemoryKind::Array;
    case CUPTI_ACTIVITY_MEMORY_KIND_MANAGED: return MemoryKind::Managed;
    case CUPTI_ACTIVITY_MEMORY_KIND_DEVICE_STATIC: return MemoryKind::DeviceStatic;
    case CUPTI_ACTIVITY_MEMORY_KIND_MANAGED_STATIC: return MemoryKind::ManagedStatic;
    default: return MemoryKind::Unknown;
  }
}

MemcpyKind convert_memcpy_kind(std::uint32_t k) {
  switch (k) {
    case CUPTI_ACTIVITY_MEMCPY_KIND_HTOD: return MemcpyKind::HostToDevice;
    case CUPTI_ACTIVITY_MEMCPY_KIND_DTOH: return MemcpyKind::DeviceToHost;
    case CUPTI_ACTIVITY_MEMCPY_KIND_DTOD: return MemcpyKind::DeviceToDevice;
    case CUPTI_ACTIVITY_MEMCPY_KIND_HTOH: return MemcpyKind::HostToHost;
    case CUPTI_ACTIVITY_MEMCPY_KIND_PTOP: return MemcpyKind::PeerToPeer;
    case CUPTI_ACTIVITY_MEMCPY_KIND_UNKNOWN: return MemcpyKind::Unknown;
    default: return MemcpyKind::Other;  // array copies
  }
}

namespace {

std::optional<ActivityRecord> convert_memory(const CUpti_ActivityMemory4& m) {
  MemoryOperation op;
  switch (m.memoryOperationType) {
    case CUPTI_ACTIVITY_MEMORY_OPERATION_TYPE_ALLOCATION: op = MemoryOperation::Allocation; break;
    case CUPTI_ACTIVITY_MEMORY_OPERATION_TYPE_RELEASE: op = MemoryOperation::Release; break;
    default: return std::nullopt;
  }
  return ActivityRecord::memory(op, convert_memory_kind(m.memoryKind), m.address, m.bytes, m.correlationId,
                                m.timestamp, m.isAsync != 0);
}

std::optional<ActivityRecord> convert_pool(const CUpti_ActivityMemoryPool3& p) {
  PoolOperation op;
  switch (p.memoryPoolOperationType) {
    case CUPTI_ACTIVITY_MEMORY_POOL_OPERATION_TYPE_CREATED: op = PoolOperation::Created; break;
    case CUPTI_ACTIVITY_MEMORY_POOL_OPERATION_TYPE_DESTROYED: op = PoolOperation::Destroyed; break;
    case CUPTI_ACTIVITY_MEMORY_POOL_OPERATION_TYPE_TRIMMED: op = PoolOperation::Trimmed; break;
    default: return std::nullopt;
  }
  return ActivityRecord::memory_pool(op, p.address, p.size, p.correlationId, p.timestamp);
}

}  // namespace

std::optional<ActivityRecord> convert_record(const CUpti_Activity& record) {
  switch (record.kind) {
    case CUPTI_ACTIVITY_KIND_MEMORY2:
      return convert_memory(reinterpret_cast<const CUpti_ActivityMemory4&>(record));
    case CUPTI_ACTIVITY_KIND_MEMORY_POOL:
      return convert_pool(reinterpret_cast<const CUpti_ActivityMemoryPool3&>(record));
    case CUPTI_ACTIVITY_KIND_KERNEL:
    case CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL: {
      const auto& k = reinterpret_cast<const CUpti_ActivityKernel10&>(record);
      return ActivityRecord::kernel(k.correlationId, k.start, k.end);
    }
    case CUPTI_ACTIVITY_KIND_MEMCPY: {
      const auto& c = reinterpret_cast<const CUpti_ActivityMemcpy6&>(record);
      return ActivityRecord::memcpy(convert_memcpy_kind(c.copyKind), c.bytes, c.correlationId, c.start, c.end);
    }
    case CUPTI_ACTIVITY_KIND_MEMSET: {
      const auto& s = reinterpret_cast<const CUpti_ActivityMemset4&>(record);
      return ActivityRecord::memset(s.bytes, s.correlationId, s.start, s.end);
    }
    default: return std::nullopt;
  }
}

bool is_kernel_launch(CUpti_CallbackId cbid) {
  switch (cbid) {
    case CUPTI_RUNTIME_TRACE_CBID_cudaLaunch_v3020:
    case CUPTI_RUNTIME_TRACE_CBID_cudaLaunch_ptsz_v7000:
    case CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_v7000:
    case CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_ptsz_v7000:
    case CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernelExC_v11060:
    case CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernelExC_ptsz_v11060:
    case CUPTI_RUNTIME_TRACE_CBID___cudaLaunchKernel_v13000:
    case CUPTI_RUNTIME_TRACE_CBID___cudaLaunchKernel_ptsz_v13000:
    case CUPTI_RUNTIME_TRACE_CBID_cudaLaunchCooperativeKernel_v9000:
    case CUPTI_RUNTIME_TRACE_CBID_cudaLaunchCooperativeKernel_ptsz_v9000:
      return true;
    default: return false;
  }
}

}  // namespace clampbench::cupti::detail
