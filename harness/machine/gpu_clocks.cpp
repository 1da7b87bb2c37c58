// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/machine/gpu_clocks.h"

#include <dlfcn.h>

#include <fmt/format.h>

namespace clampbench {

namespace {
// NVML's C ABI as its reference documents it: int results (0 = success), opaque handles.
using NvmlDevice = void*;
using InitFn = int (*)();
using ShutdownFn = int (*)();
using ByBusIdFn = int (*)(const char*, NvmlDevice*);
using ClockFn = int (*)(NvmlDevice, int, unsigned int*);
using ReasonsFn = int (*)(NvmlDevice, unsigned long long*);
using ErrorStringFn = const char* (*)(int);
constexpr int kClockSm = 1;  // NVML_CLOCK_SM

struct Library {
  void* handle = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
  ~Library() {
    if (handle != nullptr) dlclose(handle);
  }
  template <typename F>
  F get(const char* name) const {
    return reinterpret_cast<F>(dlsym(handle, name));
  }
};

GpuClocks unavailable(const std::string& why) { return {false, why, 0, 0, {}}; }
}  // namespace

std::vector<std::string> throttle_reason_names(unsigned long long mask) {
  static const std::pair<unsigned long long, const char*> kBits[] = {
      {0x1, "gpu_idle"},           {0x2, "applications_clocks_setting"}, {0x4, "sw_power_cap"},
      {0x8, "hw_slowdown"},        {0x10, "sync_boost"},                 {0x20, "sw_thermal_slowdown"},
      {0x40, "hw_thermal_slowdown"}, {0x80, "hw_power_brake_slowdown"},  {0x100, "display_clock_setting"}};
  std::vector<std::string> names;
  for (const auto& [bit, name] : kBits) {
    if (mask & bit) names.emplace_back(name);
    mask &= ~bit;
  }
  if (mask != 0) names.push_back(fmt::format("unknown_{:#x}", mask));
  return names;
}

GpuClocks read_gpu_clocks(const std::optional<std::string>& pci_bus_id) {
  if (!pci_bus_id) return unavailable("no CUDA device");
  const Library nvml;
  if (nvml.handle == nullptr) return unavailable(fmt::format("cannot open libnvidia-ml.so.1: {}", dlerror()));
  auto init = nvml.get<InitFn>("nvmlInit_v2");
  auto shutdown = nvml.get<ShutdownFn>("nvmlShutdown");
  auto by_bus_id = nvml.get<ByBusIdFn>("nvmlDeviceGetHandleByPciBusId_v2");
  auto clock = nvml.get<ClockFn>("nvmlDeviceGetClockInfo");
  auto max_clock = nvml.get<ClockFn>("nvmlDeviceGetMaxClockInfo");
  auto reasons = nvml.get<ReasonsFn>("nvmlDeviceGetCurrentClocksEventReasons");
  if (reasons == nullptr) reasons = nvml.get<ReasonsFn>("nvmlDeviceGetCurrentClocksThrottleReasons");  // before R535
  auto error_string = nvml.get<ErrorStringFn>("nvmlErrorString");
  if (!init || !shutdown || !by_bus_id || !clock || !max_clock || !reasons || !error_string)
    return unavailable("libnvidia-ml.so.1 lacks a function clampbench reads");
  auto failed = [&](const char* what, int rc) {
    return unavailable(fmt::format("{}: {}", what, error_string(rc)));
  };
  if (const int rc = init(); rc != 0) return failed("nvmlInit_v2", rc);
  GpuClocks out;
  NvmlDevice device = nullptr;
  unsigned int sm = 0, sm_max = 0;
  unsigned long long mask = 0;
  if (int rc = by_bus_id(pci_bus_id->c_str(), &device); rc != 0) out = failed("nvmlDeviceGetHandleByPciBusId_v2", rc);
  else if ((rc = clock(device, kClockSm, &sm)) != 0) out = failed("nvmlDeviceGetClockInfo", rc);
  else if ((rc = max_clock(device, kClockSm, &sm_max)) != 0) out = failed("nvmlDeviceGetMaxClockInfo", rc);
  else if ((rc = reasons(device, &mask)) != 0) out = failed("nvmlDeviceGetCurrentClocksEventReasons", rc);
  else
    out = {true, "", sm, sm_max, throttle_reason_names(mask)};
  shutdown();  // its result changes nothing that was read
  return out;
}

}  // namespace clampbench
