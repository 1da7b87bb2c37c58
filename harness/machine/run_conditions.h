// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// What the machine was like around the run, taken at its start and again at its end: the
// results' environment.machine_load and, on cuda, environment.gpu_clocks. The results file
// carries them once the run has ended (finished or stopped by a signal); a checkpoint written
// while the run goes on has neither.

#include <optional>
#include <string>

#include "harness/machine/gpu_clocks.h"
#include "harness/machine/machine_load.h"

namespace clampbench {

struct RunConditions {
  std::optional<double> load_1m_start;
  std::optional<MachineLoad> load;                       // at the end: nullopt when unknown
  std::optional<GpuClocks> gpu_clocks_start, gpu_clocks_end;  // cuda runs only
  bool ended = false;
};

// At the start of a run; `gpu`: a cuda run, whose clocks are read too.
RunConditions conditions_at_start(bool gpu, const std::optional<std::string>& pci_bus_id);
// At its end, just before the last results are written.
void record_end(RunConditions& conditions, const std::optional<std::string>& pci_bus_id);

}  // namespace clampbench
