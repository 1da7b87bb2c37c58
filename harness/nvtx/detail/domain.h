// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The "clampbench" NVTX domain, shared by ranges and the memory extension. Header-only (NVTX3
// is), so that kernels/ can use the memory helpers without linking the harness; an inline
// function's static is one object program-wide. Only included where NVTX3 is available.

#include <cstdint>

#include <nvtx3/nvToolsExt.h>

namespace clampbench::nvtx::detail {

// Categories of the clampbench domain, so an Nsight Systems timeline can filter by level.
inline constexpr std::uint32_t kCategoryCase = 1;
inline constexpr std::uint32_t kCategoryVariant = 2;
inline constexpr std::uint32_t kCategoryCall = 3;
inline constexpr std::uint32_t kCategoryPass = 4;

inline nvtxDomainHandle_t domain() {
  static const nvtxDomainHandle_t handle = [] {
    nvtxDomainHandle_t d = nvtxDomainCreateA("clampbench");
    nvtxDomainNameCategoryA(d, kCategoryCase, "case");
    nvtxDomainNameCategoryA(d, kCategoryVariant, "variant");
    nvtxDomainNameCategoryA(d, kCategoryCall, "builder call");
    nvtxDomainNameCategoryA(d, kCategoryPass, "pass");
    return d;
  }();
  return handle;
}

}  // namespace clampbench::nvtx::detail
