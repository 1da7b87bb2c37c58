// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The names the command line accepts for CUDA allocators; shared by both builds.

#include "kernels/allocators.h"

namespace clampbench {

bool is_cuda_allocator_kind(std::string_view kind) {
  return kind == "caching" || kind == "async" || kind == "raw";
}

}  // namespace clampbench
