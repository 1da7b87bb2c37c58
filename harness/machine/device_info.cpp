// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/machine/device_info.h"

#include <fmt/format.h>

#include "kernels/device.h"
#if CLAMPBENCH_HAVE_CUDA
#include <cuda_runtime_api.h>
#endif

namespace clampbench {

#if CLAMPBENCH_HAVE_CUDA
namespace {
std::string version_string(int v) { return fmt::format("{}.{}", v / 1000, (v % 1000) / 10); }
}  // namespace

DeviceInfo query_device_info() {
  DeviceInfo info;
  int v = 0;
  if (cudaRuntimeGetVersion(&v) == cudaSuccess) info.runtime_version = version_string(v);
  if (cudaDriverGetVersion(&v) == cudaSuccess && v > 0) info.driver_version = version_string(v);
  if (!cuda_device_available()) return info;
  int device = 0;
  cudaDeviceProp prop{};
  if (cudaGetDevice(&device) == cudaSuccess && cudaGetDeviceProperties(&prop, device) == cudaSuccess) {
    info.device_name = prop.name;
    info.sm_count = prop.multiProcessorCount;
    char bus_id[32] = {};
    if (cudaDeviceGetPCIBusId(bus_id, sizeof bus_id, device) == cudaSuccess) info.pci_bus_id = bus_id;
  }
  return info;
}
#else
DeviceInfo query_device_info() { return {}; }
#endif

}  // namespace clampbench
