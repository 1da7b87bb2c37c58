// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// NVTX static injection (nvtxDetail/nvtxInit.h): defining InitializeInjectionNvtx2_fnptr makes
// NVTX hand its function tables to this file at the first NVTX call of the process.

// Only NVTX's types here: the implementation (and its weak default for the symbols defined at
// the bottom) lives in the translation units that call NVTX.
#define NVTX_NO_IMPL
#include <nvtx3/nvToolsExt.h>
#include <nvtx3/nvToolsExtMem.h>

#include <map>
#include <mutex>
#include <utility>

#include "tests/cupti/fake_nvtx_tool.h"

namespace clampbench::nvtx::testing {
namespace {

std::mutex g_mutex;
std::vector<ToolEvent> g_events;
std::map<nvtxDomainHandle_t, std::string> g_domains;
bool g_loaded = false;
int g_domain_storage[16];
int g_next_domain = 0;

std::string domain_name(nvtxDomainHandle_t d) {
  auto it = g_domains.find(d);
  return it == g_domains.end() ? "?" : it->second;
}

void add(ToolEvent e) {
  std::lock_guard lock(g_mutex);
  g_events.push_back(std::move(e));
}

ToolEvent event(const char* what, nvtxDomainHandle_t d, const nvtxEventAttributes_t* a = nullptr) {
  ToolEvent e;
  e.what = what;
  e.domain = domain_name(d);
  if (a != nullptr) {
    e.category = a->category;
    if (a->messageType == NVTX_MESSAGE_TYPE_ASCII && a->message.ascii != nullptr) e.message = a->message.ascii;
  }
  return e;
}

nvtxDomainHandle_t NVTX_API domain_create(const char* name) {
  std::lock_guard lock(g_mutex);
  auto* handle = reinterpret_cast<nvtxDomainHandle_t>(&g_domain_storage[g_next_domain++ % 16]);
  g_domains[handle] = name;
  return handle;
}
int NVTX_API range_push(nvtxDomainHandle_t d, const nvtxEventAttributes_t* a) {
  add(event("push", d, a));
  return 0;
}
int NVTX_API range_pop(nvtxDomainHandle_t d) {
  add(event("pop", d));
  return 0;
}
void NVTX_API mark(nvtxDomainHandle_t d, const nvtxEventAttributes_t* a) { add(event("mark", d, a)); }

nvtxMemHeapHandle_t NVTX_API heap_register(nvtxDomainHandle_t d, const nvtxMemHeapDesc_t* desc) {
  ToolEvent e = event("heap", d);
  const auto* range = static_cast<const nvtxMemVirtualRangeDesc_t*>(desc->typeSpecificDesc);
  e.ptr = range->ptr;
  e.bytes = range->size;
  e.category = desc->usage;
  add(e);
  return reinterpret_cast<nvtxMemHeapHandle_t>(const_cast<void*>(range->ptr));
}
void NVTX_API heap_unregister(nvtxDomainHandle_t d, nvtxMemHeapHandle_t heap) {
  ToolEvent e = event("heap-", d);
  e.ptr = heap;
  add(e);
}
void NVTX_API regions_register(nvtxDomainHandle_t d, const nvtxMemRegionsRegisterBatch_t* batch) {
  const auto* ranges = static_cast<const nvtxMemVirtualRangeDesc_t*>(batch->regionDescElements);
  for (std::size_t i = 0; i < batch->regionCount; ++i) {
    ToolEvent e = event("region", d);
    e.ptr = ranges[i].ptr;
    e.bytes = ranges[i].size;
    e.heap = batch->heap;
    add(e);
  }
}
void NVTX_API regions_unregister(nvtxDomainHandle_t d, const nvtxMemRegionsUnregisterBatch_t* batch) {
  for (std::size_t i = 0; i < batch->refCount; ++i) {
    ToolEvent e = event("region-", d);
    e.ptr = batch->refElements[i].pointer;
    add(e);
  }
}

template <typename Fn>
void install(NvtxFunctionTable table, unsigned size, unsigned id, Fn fn) {
  if (table != nullptr && id < size) *table[id] = reinterpret_cast<NvtxFunctionPointer>(fn);
}

int NVTX_API initialize(NvtxGetExportTableFunc_t get_export_table) {
  const auto* callbacks = static_cast<const NvtxExportTableCallbacks*>(get_export_table(NVTX_ETID_CALLBACKS));
  if (callbacks == nullptr) return 0;
  NvtxFunctionTable core = nullptr;
  unsigned size = 0;
  if (!callbacks->GetModuleFunctionTable(NVTX_CB_MODULE_CORE2, &core, &size)) return 0;
  install(core, size, NVTX_CBID_CORE2_DomainCreateA, &domain_create);
  install(core, size, NVTX_CBID_CORE2_DomainRangePushEx, &range_push);
  install(core, size, NVTX_CBID_CORE2_DomainRangePop, &range_pop);
  install(core, size, NVTX_CBID_CORE2_DomainMarkEx, &mark);
  g_loaded = true;
  return 1;
}

// The memory extension asks separately, through its own entry point, for its function slots.
int NVTX_API initialize_extension(nvtxExtModuleInfo_t* info) {
  if (info == nullptr || info->moduleId != NVTX_EXT_MODULEID_MEM || info->segmentsCount < 1) return 0;
  nvtxExtModuleSegment_t& segment = info->segments[0];
  auto set = [&](std::size_t id, auto fn) {
    if (id < segment.slotCount) segment.functionSlots[id] = reinterpret_cast<intptr_t>(fn);
  };
  set(NVTX3EXT_CBID_nvtxMemHeapRegister, &heap_register);
  set(NVTX3EXT_CBID_nvtxMemHeapUnregister, &heap_unregister);
  set(NVTX3EXT_CBID_nvtxMemRegionsRegister, &regions_register);
  set(NVTX3EXT_CBID_nvtxMemRegionsUnregister, &regions_unregister);
  return 1;
}

}  // namespace

std::vector<ToolEvent> take_tool_events() {
  std::lock_guard lock(g_mutex);
  return std::exchange(g_events, {});
}

bool tool_loaded() { return g_loaded; }

}  // namespace clampbench::nvtx::testing

extern "C" {
NvtxInitializeInjectionNvtxFunc_t InitializeInjectionNvtx2_fnptr = &clampbench::nvtx::testing::initialize;
NvtxExtInitializeInjectionFunc_t InitializeInjectionNvtxExtension_fnptr = &clampbench::nvtx::testing::initialize_extension;
}
