// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/detail/run_conditions.h"

#include "harness/detail/gpu_clocks.h"
#include "harness/detail/machine_load.h"

namespace clampbench::detail {

RunConditions conditions_at_start(bool gpu, const std::optional<std::string>& pci_bus_id) {
  RunConditions c;
  c.load_1m_start = load_average_1m();
  if (gpu) c.gpu_clocks_start = gpu_clocks_json(pci_bus_id);
  return c;
}

void record_end(RunConditions& conditions, const std::optional<std::string>& pci_bus_id) {
  conditions.load_1m_end = load_average_1m();
  if (conditions.gpu_clocks_start) conditions.gpu_clocks_end = gpu_clocks_json(pci_bus_id);
  conditions.ended = true;
}

void add_conditions(nlohmann::json& environment, const RunConditions& conditions) {
  if (!conditions.ended) return;
  environment["machine_load"] = machine_load_json(conditions.load_1m_start, conditions.load_1m_end);
  if (conditions.gpu_clocks_start)
    environment["gpu_clocks"] = {{"start", *conditions.gpu_clocks_start}, {"end", *conditions.gpu_clocks_end}};
}

}  // namespace clampbench::detail
