// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/machine/run_conditions.h"

namespace clampbench {

RunConditions conditions_at_start(bool gpu, const std::optional<std::string>& pci_bus_id) {
  RunConditions c;
  c.load_1m_start = load_average_1m();
  if (gpu) c.gpu_clocks_start = read_gpu_clocks(pci_bus_id);
  return c;
}

void record_end(RunConditions& conditions, const std::optional<std::string>& pci_bus_id) {
  conditions.load = machine_load(conditions.load_1m_start, load_average_1m());
  if (conditions.gpu_clocks_start) conditions.gpu_clocks_end = read_gpu_clocks(pci_bus_id);
  conditions.ended = true;
}

}  // namespace clampbench
