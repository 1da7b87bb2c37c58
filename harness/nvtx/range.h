// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// NVTX ranges in the "clampbench" domain, named as the suite reads, so that an Nsight Systems
// timeline shows case > variant > builder call:
//
//   nvtx::Range c("case mamba_prefix_caching/R=64", nvtx::Level::Case);
//   nvtx::Range v("variant clamp_", nvtx::Level::Variant);
//   nvtx::Range b("call clamp_", nvtx::Level::Call);
//
// A range is pushed on construction and popped on destruction, on the constructing thread.
// Without CUDA compiled in (or with no tool attached, which NVTX checks itself) it costs
// nothing measurable and does nothing.

#include <string_view>

namespace clampbench::nvtx {

// Each level has its own NVTX category and colour.
enum class Level { Case, Variant, Call, Pass };

class Range {
 public:
  explicit Range(std::string_view message, Level level = Level::Call);
  ~Range();
  Range(const Range&) = delete;
  Range& operator=(const Range&) = delete;
};

// A single point in time (a verdict, a failure) in the clampbench domain.
void mark(std::string_view message);

// True when this build emits NVTX (CUDA compiled in).
bool compiled();

}  // namespace clampbench::nvtx
