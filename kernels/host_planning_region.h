// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The HostPlanning region alone (kernels/host_planning.h says what it is): what the allocator
// choice and the host cost read, below the tensor ops that host planning runs.

namespace clampbench {

namespace detail {
// Inline and constant-initialised, so that every allocation and launch reads it without a call.
inline thread_local int host_planning_depth = 0;
}  // namespace detail

class HostPlanning {
 public:
  HostPlanning() { ++detail::host_planning_depth; }
  ~HostPlanning() { --detail::host_planning_depth; }
  HostPlanning(const HostPlanning&) = delete;
  HostPlanning& operator=(const HostPlanning&) = delete;
};

namespace host_planning {
// True while a HostPlanning region is open on this thread.
inline bool active() { return detail::host_planning_depth > 0; }
}  // namespace host_planning

}  // namespace clampbench
