// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The GPU's SM clock and the driver's reasons for holding it down, read through NVML at the
// start and end of a cuda run (NVBench records the same): a slower run on a throttled GPU
// says so in its results. NVML is the driver's library, opened at run time (dlopen), so the
// build needs neither its header nor a link to it and a machine without a driver records why.

#include <optional>
#include <string>
#include <vector>

namespace clampbench {

// Read or not (`reason` says why not): environment.gpu_clocks.start/.end.
struct GpuClocks {
  bool available = false;
  std::string reason;
  unsigned sm_clock_mhz = 0, max_sm_clock_mhz = 0;
  std::vector<std::string> throttle_reasons;  // "sw_power_cap", ...
};

// The clocks of the device at `pci_bus_id`. Never throws.
GpuClocks read_gpu_clocks(const std::optional<std::string>& pci_bus_id);

// The names of the NVML clock-event reason bits set in `mask` ("unknown_0x..." for others).
std::vector<std::string> throttle_reason_names(unsigned long long mask);

}  // namespace clampbench
