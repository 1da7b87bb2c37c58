// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/session.h"

#include <chrono>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <memory>
#include <optional>
#include <ostream>

#include <fmt/format.h>

#include "harness/case_filter.h"
#include "harness/cupti/tracer.h"
#include "harness/detail/device_info.h"
#include "harness/detail/environment.h"
#include "harness/detail/gpu_clocks.h"
#include "harness/detail/machine_load.h"
#include "harness/dump.h"
#include "harness/instructions/callgrind_child.h"
#include "harness/outcome.h"
#include "harness/progress.h"
#include "harness/results_writer.h"
#include "harness/runner.h"
#include "harness/trace_export.h"
#include "kernels/allocators.h"
#include "kernels/runtime.h"

namespace clampbench {

namespace {
// The callgrind method's pass, after the others: one child run under valgrind for the whole
// selection (callgrind_child.h); its counts go to the host cases.
void count_under_callgrind(const RunConfig& config, std::vector<CaseResult>& cases,
                           std::vector<std::string>& internal_errors, std::ostream& log) {
  const auto t0 = std::chrono::steady_clock::now();
  try {
    const auto counts = count_in_callgrind_child(config);
    for (auto& c : cases) {
      if (c.device != DeviceType::Host) continue;
      for (auto& v : c.variants)
        if (auto it = counts.find(c.case_id + "/" + v.name); it != counts.end() && !v.error) v.instructions = it->second;
    }
  } catch (const std::exception& e) {
    internal_errors.push_back(fmt::format("instruction count: {}", e.what()));
  }
  log << fmt::format("clampbench: instructions counted under callgrind ({:.1f}s)",
                     std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count())
      << std::endl;
}
}  // namespace

int run_session(const RunConfig& config, const std::vector<const Suite*>& suites,
                const Expectations& expectations, TimingSession* timing, std::ostream& log) {
  const auto t0 = std::chrono::steady_clock::now();
  nlohmann::json environment = detail::environment_json(config);
  const std::optional<double> load_at_start = detail::load_average_1m();
  const std::optional<std::string> bus_id = detail::query_device_info().pci_bus_id;
  nlohmann::json clocks_at_start;
  if (config.use_cuda) clocks_at_start = detail::gpu_clocks_json(bus_id);
  // On cuda every GPU-site tensor comes from the chosen allocator; host tensors always use
  // the runtime's pageable host allocator (recorded as environment.host_allocator).
  std::unique_ptr<Allocator> cuda_allocator;
  std::optional<AllocatorGuard> guard;
  if (config.use_cuda) {
    cuda_allocator = make_cuda_allocator(config.allocator, &Runtime::current().ledger());
    guard.emplace(DeviceType::Cuda, cuda_allocator.get());
  }
  std::unique_ptr<cupti::Tracer> tracer = cupti::make_tracer(config.use_cuda);
  Runner runner(config, expectations, *tracer, timing);
  std::unique_ptr<InstructionCounter> perf_counter;
  if (config.instruction_method == InstructionMethod::Perf) {
    std::string why_not;
    perf_counter = make_perf_counter(why_not);  // available: validate_run_config opened one
    runner.set_instruction_counter(perf_counter.get());
  }
  std::optional<Dump> dump;
  if (!config.dump_dir.empty()) dump.emplace(config.dump_dir);

  std::size_t total = 0, index = 0;
  std::vector<std::vector<ParamPoint>> points;  // --axis and --case apply to every pass
  for (const Suite* s : suites) total += points.emplace_back(selected_points(*s, config)).size();
  std::vector<CaseResult> cases;
  std::vector<std::string> internal_errors;
  for (std::size_t si = 0; si < suites.size(); ++si) {
    const Suite* s = suites[si];
    for (const ParamPoint& p : points[si]) {
      CaseResult c = runner.run_case(*s, p);
      if (dump) {
        try {
          // Inputs are made again from the seed: the generator is deterministic.
          CaseData inputs = s->make_inputs(p, config.seed, runner.case_device(*s));
          std::vector<HostTensor> snaps;
          for (const auto& b : inputs.buffers) snaps.push_back(host_view(b.tensor));
          dump->add_case(c, inputs, snaps);
        } catch (const std::exception& e) {
          internal_errors.push_back(fmt::format("dump of {}: {}", c.case_id, e.what()));
        }
      }
      for (auto& v : c.variants) release_tensors(v);  // kept for the dump only; keep memory flat
#if defined(__GLIBC__)
      // Hand the freed heap back between cases: glibc raises its mmap threshold after freeing
      // a large block, so later large blocks come from the heap and one case's peak would
      // stay resident under the next (the nightly set's peak RSS grew by 40% that way).
      malloc_trim(0);
#endif
      for (auto& e : runner.take_instruction_errors()) internal_errors.push_back(std::move(e));
      log << progress_line(++index, total, c) << std::endl;
      cases.push_back(std::move(c));
    }
  }
  if (dump) dump->finish();
  if (config.instruction_method == InstructionMethod::Callgrind) count_under_callgrind(config, cases, internal_errors, log);
  const Outcome outcome = compute_outcome(cases, internal_errors);
  if (!config.trace_out.empty()) write_file_atomically(config.trace_out, chrome_trace(cases).dump() + "\n");
  if (!config.trace)  // the results carry traces only when asked: they can be long
    for (auto& c : cases)
      for (auto& v : c.variants) v.allocation_trace.clear();
  environment["machine_load"] = detail::machine_load_json(load_at_start, detail::load_average_1m());
  if (config.use_cuda) environment["gpu_clocks"] = {{"start", clocks_at_start}, {"end", detail::gpu_clocks_json(bus_id)}};
  write_file_atomically(config.out, results_json(config, environment, cases, outcome).dump(2) + "\n");
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  log << verdict_table(cases)
      << fmt::format("clampbench: {} cases, {} unexpected verdict(s), {} unexpected finding(s), "
                     "{} unexpected order-dependent write(s), {} unexpected latent write(s), {}; "
                     "results in {} ({:.1f}s)\n",
                     cases.size(), outcome.unexpected.size(), outcome.unexpected_findings.size(),
                     outcome.unexpected_order_writes.size(),
                     outcome.unexpected_latent_writes.size(), outcome.status,
                     config.out, elapsed);
  for (const auto& e : outcome.internal_errors) log << "clampbench: error: " << e << "\n";
  return outcome.exit_code;
}

}  // namespace clampbench
