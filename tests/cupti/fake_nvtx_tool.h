// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// A statically injected NVTX tool (fake_nvtx_tool.cpp, CUDA builds): what an Nsight tool would
// be told of clampbench's ranges, marks and memory-extension calls, for the NVTX tests.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace clampbench::nvtx::testing {

struct ToolEvent {
  std::string what;    // "push", "pop", "mark", "heap", "heap-", "region", "region-"
  std::string domain;  // the domain's name
  std::string message;
  std::uint32_t category = 0;
  const void* ptr = nullptr;
  std::size_t bytes = 0;
  const void* heap = nullptr;  // "region": the heap handle it was registered in
};

// Events since the last call; true once NVTX has loaded the tool.
std::vector<ToolEvent> take_tool_events();
bool tool_loaded();

}  // namespace clampbench::nvtx::testing
