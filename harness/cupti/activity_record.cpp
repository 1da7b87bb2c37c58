// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/cupti/activity_record.h"

namespace clampbench::cupti {

std::string_view memory_kind_name(MemoryKind kind) {
  switch (kind) {
    case MemoryKind::Pageable: return "pageable";
    case MemoryKind::Pinned: return "pinned";
    case MemoryKind::Device: return "device";
    case MemoryKind::Array: return "array";
    case MemoryKind::Managed: return "managed";
    case MemoryKind::DeviceStatic: return "device_static";
    case MemoryKind::ManagedStatic: return "managed_static";
    case MemoryKind::Unknown: break;
  }
  return "unknown";
}

std::string_view memcpy_kind_name(MemcpyKind kind) {
  switch (kind) {
    case MemcpyKind::HostToDevice: return "htod";
    case MemcpyKind::DeviceToHost: return "dtoh";
    case MemcpyKind::DeviceToDevice: return "dtod";
    case MemcpyKind::HostToHost: return "htoh";
    case MemcpyKind::PeerToPeer: return "ptop";
    case MemcpyKind::Other: return "other";
    case MemcpyKind::Unknown: break;
  }
  return "unknown";
}

ActivityRecord ActivityRecord::memory(MemoryOperation op, MemoryKind mk, std::uint64_t address,
                                      std::uint64_t bytes, std::uint32_t correlation_id,
                                      std::uint64_t timestamp_ns, bool is_async) {
  ActivityRecord r;
  r.kind = RecordKind::Memory;
  r.memory_op = op;
  r.memory_kind = mk;
  r.is_async = is_async;
  r.address = address;
  r.bytes = bytes;
  r.correlation_id = correlation_id;
  r.start_ns = r.end_ns = timestamp_ns;
  return r;
}

ActivityRecord ActivityRecord::memory_pool(PoolOperation op, std::uint64_t address, std::uint64_t bytes,
                                           std::uint32_t correlation_id, std::uint64_t timestamp_ns) {
  ActivityRecord r;
  r.kind = RecordKind::MemoryPool;
  r.pool_op = op;
  r.address = address;
  r.bytes = bytes;
  r.correlation_id = correlation_id;
  r.start_ns = r.end_ns = timestamp_ns;
  return r;
}

ActivityRecord ActivityRecord::kernel(std::uint32_t correlation_id, std::uint64_t start_ns, std::uint64_t end_ns) {
  ActivityRecord r;
  r.kind = RecordKind::Kernel;
  r.correlation_id = correlation_id;
  r.start_ns = start_ns;
  r.end_ns = end_ns;
  return r;
}

ActivityRecord ActivityRecord::memcpy(MemcpyKind ck, std::uint64_t bytes, std::uint32_t correlation_id,
                                      std::uint64_t start_ns, std::uint64_t end_ns) {
  ActivityRecord r = kernel(correlation_id, start_ns, end_ns);
  r.kind = RecordKind::Memcpy;
  r.memcpy_kind = ck;
  r.bytes = bytes;
  return r;
}

ActivityRecord ActivityRecord::memset(std::uint64_t bytes, std::uint32_t correlation_id, std::uint64_t start_ns,
                                      std::uint64_t end_ns) {
  ActivityRecord r = kernel(correlation_id, start_ns, end_ns);
  r.kind = RecordKind::Memset;
  r.bytes = bytes;
  return r;
}

}  // namespace clampbench::cupti
