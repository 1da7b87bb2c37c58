// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// resolve_run of cli.h: the parsed arguments checked against the registry, the machine and
// the file system, and resolved into the run plan, before any case runs.

#include <algorithm>

#include <fmt/format.h>

#include "harness/selection/case_filter.h"
#include "harness/cli/run_plan.h"
#include "harness/cli/run_outputs.h"
#include "harness/config/plant.h"
#include "harness/verdicts/expectations.h"
#include "harness/instructions/callgrind_child.h"
#include "harness/instructions/instruction_counter.h"
#include "kernels/device.h"

namespace clampbench {

namespace {
// --instructions: perf where the hardware counts, else callgrind where valgrind is installed
// (auto); a method asked for by name that is not available is a usage error.
void resolve_instruction_method(const std::string& self_exe, InstructionChoice& c) {
  std::string no_perf, no_callgrind;
  const bool perf = c.requested != "off" && c.requested != "callgrind" && make_perf_counter(no_perf) != nullptr;
  if (!callgrind_compiled()) no_callgrind = "this build has no valgrind/callgrind.h";
  else if (self_exe.empty()) no_callgrind = "an in-process run cannot re-run itself under valgrind";
  else if (find_valgrind().empty()) no_callgrind = "valgrind is not on PATH";
  if (c.requested == "perf" && !perf) throw UsageError("--instructions perf: " + no_perf + "; try callgrind");
  if (c.requested == "callgrind" && !no_callgrind.empty()) throw UsageError("--instructions callgrind: " + no_callgrind);
  if (c.requested == "off") {
    c.method = InstructionMethod::Off;
    c.note = "--instructions off";
  } else if (perf) {
    c.method = InstructionMethod::Perf;
    c.note = "hardware counter, user space, smallest of 3 calls";
  } else if (no_callgrind.empty()) {
    c.method = InstructionMethod::Callgrind;
    c.note = (c.requested == "auto" ? no_perf + "; " : std::string()) + "valgrind callgrind, 1 call";
  } else {
    c.method = InstructionMethod::Off;
    c.note = no_perf + "; " + no_callgrind;
  }
}

std::string join(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& s : v) out += (out.empty() ? "" : ", ") + s;
  return out;
}

// --plant delay:R:SUITE plants into SUITE only: a suite that is unknown or not selected
// would plant nothing, and the gate check it feeds would pass for the wrong reason.
void check_planted_suite(const Plant& plant, const std::vector<std::string>& known,
                         const std::vector<const Suite*>& selected) {
  const auto& delay = plant.delay();
  if (!delay || delay->suite.empty()) return;
  if (std::find(known.begin(), known.end(), delay->suite) == known.end())
    throw UsageError(fmt::format("--plant '{}': unknown suite '{}' (known: {})", plant.text(), delay->suite, join(known)));
  if (std::none_of(selected.begin(), selected.end(), [&](const Suite* s) { return s->name == delay->suite; }))
    throw UsageError(fmt::format("--plant '{}': suite '{}' is not selected, so nothing would be planted", plant.text(), delay->suite));
}
}  // namespace

RunPlan resolve_run(RunArgs args, const std::vector<Suite>& suites) {
  RunConfig& c = args.config;
  std::vector<std::string> known;
  for (const auto& s : suites) known.push_back(s.name);
  for (const auto& name : c.suites)
    if (std::find(known.begin(), known.end(), name) == known.end())
      throw UsageError(fmt::format("unknown suite '{}' (known: {})", name, join(known)));
  std::vector<const Suite*> selected;
  std::vector<std::string> variants;
  for (const auto& s : suites) {
    if (!c.suites.empty() && std::find(c.suites.begin(), c.suites.end(), s.name) == c.suites.end()) continue;
    selected.push_back(&s);
    for (const auto& v : s.variants)
      if (std::find(variants.begin(), variants.end(), v.name) == variants.end()) variants.push_back(v.name);
  }
  for (const auto& name : c.variants)
    if (std::find(variants.begin(), variants.end(), name) == variants.end())
      throw UsageError(fmt::format("unknown variant '{}' (known in the selected suites: {})", name, join(variants)));
  selected = apply_case_filters(c, selected);
  check_planted_suite(c.plant, known, selected);
  // The callgrind child (host, untimed) counts the selection and writes counts.json in its own
  // directory. The parent has checked the rest; here each check would put a path of the
  // parent's world (source tree, outputs) into the child's heap and move its counts.
  if (!c.instruction_child_dir.empty()) return {std::move(c), std::move(selected)};
  if (args.backend == BackendChoice::Cuda && !cuda_compiled())
    throw UsageError("--backend cuda: this build has no CUDA backend");
  if (args.backend == BackendChoice::Cuda && !cuda_device_available())
    throw UsageError("--backend cuda: no CUDA device available");
  c.use_cuda = args.backend == BackendChoice::Cuda || (args.backend == BackendChoice::Auto && cuda_device_available());
  if (c.l2_flush && !c.use_cuda) throw UsageError("--l2-flush: this run has no cuda cases (backend host)");
  // On host no allocator is chosen (host tensors use pageable memory): a value given would be
  // recorded for nothing and set apart two host runs that are alike.
  if (args.allocator_given && !c.use_cuda)
    throw UsageError("--allocator: this run has no cuda cases (backend host); host cases use pageable memory");
  resolve_instruction_method(c.self_exe, c.instructions);
  if (c.expectations_path.empty()) c.expectations_path = default_expectations_path();
  // --benchmark_list_tests lists names only: no file is written, no directory made.
  if (!c.list_tests) validate_run_outputs(c, c.expectations_path);
  // The samples come from the timing pass: an untimed run would replace the file with nothing.
  if (!c.timing && !c.gbench.out_file.empty())
    throw UsageError("--benchmark_out: this run is not timed (--no-timing), so it has no samples to write");
  return {std::move(c), std::move(selected)};
}

}  // namespace clampbench
