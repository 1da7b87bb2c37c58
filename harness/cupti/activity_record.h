// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The CUPTI activity records clampbench consumes, as a plain struct free of CUPTI types, so
// that attribution and aggregation compile and are tested without the toolkit. The CUPTI
// source converts CUpti_ActivityMemory4, CUpti_ActivityMemoryPool3, CUpti_ActivityKernel10,
// CUpti_ActivityMemcpy6 and CUpti_ActivityMemset4 into these; tests build them directly.

#include <cstdint>
#include <string_view>

namespace clampbench::cupti {

enum class RecordKind : std::uint8_t { Memory, MemoryPool, Kernel, Memcpy, Memset };

enum class MemoryOperation : std::uint8_t { Allocation, Release };

// CUpti_ActivityMemoryKind, one for one.
enum class MemoryKind : std::uint8_t { Unknown, Pageable, Pinned, Device, Array, Managed, DeviceStatic, ManagedStatic };

enum class PoolOperation : std::uint8_t { Created, Destroyed, Trimmed };

// CUpti_ActivityMemcpyKind, folded: array copies count as Other.
enum class MemcpyKind : std::uint8_t { Unknown, HostToDevice, DeviceToHost, DeviceToDevice, HostToHost, PeerToPeer, Other };

// The key a memory kind has in ScopeStats::by_kind and in the results ("device", "pinned", ...).
std::string_view memory_kind_name(MemoryKind kind);
std::string_view memcpy_kind_name(MemcpyKind kind);

struct ActivityRecord {
  RecordKind kind = RecordKind::Memory;
  // Memory: what happened to which kind of memory. MemoryPool: pool_op.
  MemoryOperation memory_op = MemoryOperation::Allocation;
  MemoryKind memory_kind = MemoryKind::Unknown;
  PoolOperation pool_op = PoolOperation::Created;
  MemcpyKind memcpy_kind = MemcpyKind::Unknown;
  bool is_async = false;  // Memory: through cudaMallocAsync/cudaFreeAsync (a stream-ordered pool)
  // The runtime (or driver) API call that caused the activity; 0 when CUPTI gave none.
  std::uint32_t correlation_id = 0;
  std::uint64_t address = 0;  // Memory, MemoryPool
  std::uint64_t bytes = 0;    // Memory, MemoryPool (pool size), Memcpy, Memset
  // CUPTI timestamps (ns, cuptiGetTimestamp's clock). Memory and MemoryPool records carry one
  // instant: start_ns == end_ns. 0 when CUPTI could not time the activity.
  std::uint64_t start_ns = 0;
  std::uint64_t end_ns = 0;

  static ActivityRecord memory(MemoryOperation op, MemoryKind mk, std::uint64_t address, std::uint64_t bytes,
                               std::uint32_t correlation_id, std::uint64_t timestamp_ns, bool is_async = false);
  static ActivityRecord memory_pool(PoolOperation op, std::uint64_t address, std::uint64_t bytes,
                                    std::uint32_t correlation_id, std::uint64_t timestamp_ns);
  static ActivityRecord kernel(std::uint32_t correlation_id, std::uint64_t start_ns, std::uint64_t end_ns);
  static ActivityRecord memcpy(MemcpyKind ck, std::uint64_t bytes, std::uint32_t correlation_id,
                               std::uint64_t start_ns, std::uint64_t end_ns);
  static ActivityRecord memset(std::uint64_t bytes, std::uint32_t correlation_id, std::uint64_t start_ns,
                               std::uint64_t end_ns);
};

}  // namespace clampbench::cupti
