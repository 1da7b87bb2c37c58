// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// What the results file says about the GPU: runtime and driver versions, device name and SM
// count, from CUDA runtime calls when CUDA is compiled in and a device exists; nulls otherwise.

#include <optional>
#include <string>

namespace clampbench {

struct DeviceInfo {
  std::optional<std::string> runtime_version, driver_version;  // "13.0"
  std::optional<std::string> device_name;
  std::optional<int> sm_count;
  std::optional<std::string> pci_bus_id;  // "0000:19:00.0", for NVML (gpu_clocks.h)
};

// Never throws: a failing query leaves its field empty.
DeviceInfo query_device_info();

}  // namespace clampbench
