// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// NVTX ranges and the memory extension. With CUDA, a statically injected fake tool
// (fake_nvtx_tool.cpp) records what Nsight would be told; without CUDA, everything is a no-op.

#include <gtest/gtest.h>

#include <vector>

#include "harness/nvtx/nvtx_memory.h"
#include "harness/nvtx/range.h"
#include "kernels/device.h"

#if defined(CLAMPBENCH_HAVE_CUDA)
#include "tests/cupti/fake_nvtx_tool.h"
#endif

namespace clampbench::nvtx {
namespace {

TEST(Nvtx, CompiledWithCuda) { EXPECT_EQ(compiled(), cuda_compiled()); }

#if defined(CLAMPBENCH_HAVE_CUDA)

using testing::take_tool_events;
using testing::ToolEvent;

TEST(Nvtx, RangesNestInTheClampbenchDomain) {
  take_tool_events();
  {
    Range c("case mamba_prefix_caching/R=64", Level::Case);
    Range v("variant clamp_", Level::Variant);
    {
      Range b("call clamp_");
      mark("verdict same");
    }
  }
  ASSERT_TRUE(testing::tool_loaded());
  const std::vector<ToolEvent> e = take_tool_events();
  ASSERT_EQ(e.size(), 7u);
  const char* order[] = {"push", "push", "push", "mark", "pop", "pop", "pop"};
  for (std::size_t i = 0; i < e.size(); ++i) {
    EXPECT_EQ(e[i].what, order[i]) << i;
    EXPECT_EQ(e[i].domain, "clampbench") << i;
  }
  EXPECT_EQ(e[0].message, "case mamba_prefix_caching/R=64");
  EXPECT_EQ(e[1].message, "variant clamp_");
  EXPECT_EQ(e[2].message, "call clamp_");
  EXPECT_EQ(e[3].message, "verdict same");
  // One category per level, so a timeline can filter by level.
  EXPECT_NE(e[0].category, e[1].category);
  EXPECT_NE(e[1].category, e[2].category);
  EXPECT_NE(e[0].category, 0u);
}

TEST(Nvtx, MemoryExtensionRegistersHeapAndRegions) {
  std::vector<char> segment(4096);
  take_tool_events();
  const HeapHandle heap = register_heap(segment.data(), segment.size());
  register_region(heap, segment.data() + 512, 1024);
  unregister_region(segment.data() + 512);
  unregister_heap(heap);
  const std::vector<ToolEvent> e = take_tool_events();
  ASSERT_EQ(e.size(), 4u);
  EXPECT_EQ(e[0].what, "heap");
  EXPECT_EQ(e[0].domain, "clampbench");
  EXPECT_EQ(e[0].ptr, segment.data());
  EXPECT_EQ(e[0].bytes, segment.size());
  EXPECT_EQ(e[0].category, static_cast<std::uint32_t>(NVTX_MEM_HEAP_USAGE_TYPE_SUB_ALLOCATOR));
  EXPECT_EQ(e[1].what, "region");
  EXPECT_EQ(e[1].ptr, segment.data() + 512);
  EXPECT_EQ(e[1].bytes, 1024u);
  EXPECT_EQ(e[1].heap, heap);
  EXPECT_EQ(e[2].what, "region-");
  EXPECT_EQ(e[2].ptr, segment.data() + 512);
  EXPECT_EQ(e[3].what, "heap-");
  EXPECT_EQ(e[3].ptr, heap);
}

#else

TEST(Nvtx, EverythingIsANoOpWithoutCuda) {
  Range r("case x", Level::Case);
  mark("m");
  std::vector<char> segment(64);
  EXPECT_EQ(register_heap(segment.data(), segment.size()), nullptr);
  register_region(nullptr, segment.data(), 8);
  unregister_region(segment.data());
  unregister_heap(nullptr);
}

#endif

}  // namespace
}  // namespace clampbench::nvtx
