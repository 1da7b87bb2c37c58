// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// CUPTI activity record -> ActivityRecord, and which runtime callbacks are kernel launches.
// No CUPTI calls here, only its types: tests build CUPTI structs by hand and check the mapping
// on a machine without a GPU.

#include <cupti.h>

#include <cstdint>
#include <optional>

#include "harness/cupti/activity_record.h"

namespace clampbench::cupti::detail {

// The activity kinds the source enables, in the order it enables them.
inline constexpr CUpti_ActivityKind kTracedKinds[] = {
    CUPTI_ACTIVITY_KIND_MEMORY2, CUPTI_ACTIVITY_KIND_MEMORY_POOL, CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL,
    CUPTI_ACTIVITY_KIND_MEMCPY, CUPTI_ACTIVITY_KIND_MEMSET,
};

// nullopt for kinds clampbench does not consume, and for operations that are neither an
// allocation nor a release (CUPTI's "invalid").
std::optional<ActivityRecord> convert_record(const CUpti_Activity& record);

MemoryKind convert_memory_kind(std::uint32_t cupti_memory_kind);
MemcpyKind convert_memcpy_kind(std::uint32_t cupti_copy_kind);

// Runtime API callback ids that launch a kernel: cudaLaunchKernel, cudaLaunchKernelExC, the
// CUDA 13 <<<>>> entry point __cudaLaunchKernel, cooperative launches, each with its
// per-thread-default-stream (_ptsz) twin, and the legacy cudaLaunch.
bool is_kernel_launch(CUpti_CallbackId runtime_cbid);

}  // namespace clampbench::cupti::detail
