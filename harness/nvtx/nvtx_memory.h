// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The NVTX memory extension for a sub-allocating (caching) allocator: each segment it gets
// from cudaMalloc is registered as a heap, each block it hands out as a region of that heap,
// so that tools (compute-sanitizer, Nsight Systems) see per-tensor traffic behind the cache
// instead of a few large cudaMallocs.
//
//   void* seg = cudaMalloc(...);  auto heap = nvtx::register_heap(seg, seg_bytes);
//   block handed out:             nvtx::register_region(heap, ptr, bytes);
//   block returned to the cache:  nvtx::unregister_region(ptr);
//   segment cudaFree'd:           nvtx::unregister_heap(heap);   (drops its regions too)
//
// Header-only and inline, on purpose: kernels/ (which may not depend on the harness library)
// includes it and needs no link dependency; NVTX3 itself is header-only and loads a tool only
// when one is attached, so with no tool every call returns at once. Without CUDA compiled in
// (CLAMPBENCH_HAVE_CUDA, defined publicly by clampbench_kernels) the functions are empty.

#include <cstddef>

#if defined(CLAMPBENCH_HAVE_CUDA) && __has_include(<nvtx3/nvToolsExtMem.h>)
#define CLAMPBENCH_NVTX_MEMORY 1
#include <nvtx3/nvToolsExtMem.h>

#include "harness/nvtx/detail/domain.h"
#endif

namespace clampbench::nvtx {

// Opaque: the tool's handle for a heap (meaningless, but harmless, when no tool is attached).
using HeapHandle = void*;

#if defined(CLAMPBENCH_NVTX_MEMORY)

inline HeapHandle register_heap(void* base, std::size_t bytes) {
  nvtxMemVirtualRangeDesc_t range{};
  range.size = bytes;
  range.ptr = base;
  nvtxMemHeapDesc_t desc{};
  desc.extCompatID = NVTX_EXT_COMPATID_MEM;
  desc.structSize = sizeof(desc);
  desc.usage = NVTX_MEM_HEAP_USAGE_TYPE_SUB_ALLOCATOR;
  desc.type = NVTX_MEM_TYPE_VIRTUAL_ADDRESS;
  desc.typeSpecificDescSize = sizeof(range);
  desc.typeSpecificDesc = &range;
  return nvtxMemHeapRegister(detail::domain(), &desc);
}

inline void unregister_heap(HeapHandle heap) {
  nvtxMemHeapUnregister(detail::domain(), static_cast<nvtxMemHeapHandle_t>(heap));
}

inline void register_region(HeapHandle heap, const void* ptr, std::size_t bytes) {
  nvtxMemVirtualRangeDesc_t range{};
  range.size = bytes;
  range.ptr = ptr;
  nvtxMemRegionsRegisterBatch_t batch{};
  batch.extCompatID = NVTX_EXT_COMPATID_MEM;
  batch.structSize = sizeof(batch);
  batch.regionType = NVTX_MEM_TYPE_VIRTUAL_ADDRESS;
  batch.heap = static_cast<nvtxMemHeapHandle_t>(heap);
  batch.regionCount = 1;
  batch.regionDescElementSize = sizeof(range);
  batch.regionDescElements = &range;
  batch.regionHandleElementsOut = nullptr;  // virtual-address regions are referred to by pointer
  nvtxMemRegionsRegister(detail::domain(), &batch);
}

inline void unregister_region(const void* ptr) {
  nvtxMemRegionRef_t ref{};
  ref.pointer = ptr;
  nvtxMemRegionsUnregisterBatch_t batch{};
  batch.extCompatID = NVTX_EXT_COMPATID_MEM;
  batch.structSize = sizeof(batch);
  batch.refType = NVTX_MEM_REGION_REF_TYPE_POINTER;
  batch.refCount = 1;
  batch.refElementSize = sizeof(ref);
  batch.refElements = &ref;
  nvtxMemRegionsUnregister(detail::domain(), &batch);
}

#else

inline HeapHandle register_heap(void*, std::size_t) { return nullptr; }
inline void unregister_heap(HeapHandle) {}
inline void register_region(HeapHandle, const void*, std::size_t) {}
inline void unregister_region(const void*) {}

#endif

}  // namespace clampbench::nvtx
