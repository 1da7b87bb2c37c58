// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/cli.h"

#include <iostream>
#include <memory>

#include <fmt/format.h>

#include "harness/expectations.h"
#include "harness/outcome.h"
#include "harness/session.h"
#include "harness/timing.h"

namespace clampbench {

std::string usage_text() {
  return R"(usage: clampbench <command> [options]

commands:
  list [--json]        every suite: variants, axes (quick/nightly/full), device, vLLM source
  run [options]        run the suites, check the variants, write the results JSON
  --help               this text

run options:
  --suite NAME         run only this suite (repeatable, or comma separated); default: all
  --variant NAME       run only this variant besides the reference "clamp" (repeatable)
  --sizes SET          quick | nightly | full (default quick)
  --backend B          auto | host | cuda (default auto: cuda when a device is present)
  --allocator A        caching | async | raw, the cuda allocator (default caching)
  --repetitions N      timing repetitions per case and variant (default 5)
  --seed S             input generator seed (default 1)
  --out FILE           results JSON (default results/latest.json), written atomically
  --dump DIR           also write inputs/outputs as .npy files with DIR/manifest.json
  --expectations FILE  known findings (default <source>/results/expectations.json)
  --no-timing          skip the Google Benchmark timing pass
  --benchmark_*=V      passed to Google Benchmark (e.g. --benchmark_min_time=0.05,
                       --benchmark_format=console, --benchmark_out=FILE)

exit codes: 0 verdicts as expected, 1 a verdict differs from the expectations,
            2 bad usage or input, 3 internal or CUDA error
)";
}

namespace {
int run_command(const std::vector<std::string>& args, const std::vector<std::string>& argv_all,
                const std::vector<Suite>& suites, std::ostream& err) {
  RunConfig config = parse_run_args(args);
  config.command_line = argv_all;
  const std::vector<const Suite*> selected = validate_run_config(config, suites);
  Expectations expectations;
  try {
    const std::string path = config.expectations_path.empty() ? default_expectations_path() : config.expectations_path;
    expectations = Expectations::load(path, suites);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  std::unique_ptr<TimingSession> timing;
  if (config.timing || !config.benchmark_flags.empty()) {  // validates the flags either way
    try {
      timing = std::make_unique<TimingSession>(config);
    } catch (const std::invalid_argument& e) {
      throw UsageError(e.what());
    }
  }
  return run_session(config, selected, expectations, config.timing ? timing.get() : nullptr, err);
}
}  // namespace

int run_cli(int argc, char** argv, const std::vector<Suite>& suites, std::ostream& out, std::ostream& err) {
  std::vector<std::string> all(argv, argv + argc);
  std::vector<std::string> rest(all.begin() + (argc > 0 ? 1 : 0), all.end());
  try {
    if (rest.empty()) throw UsageError("missing command (run or list; --help for usage)");
    const std::string cmd = rest.front();
    rest.erase(rest.begin());
    if (cmd == "--help" || cmd == "-h" || cmd == "help") {
      out << usage_text();
      return kExitOk;
    }
    if (cmd == "list") {
      bool json = false;
      for (const auto& a : rest) {
        if (a == "--json") json = true;
        else throw UsageError(fmt::format("unknown flag '{}' for list", a));
      }
      print_list(suites, json, out);
      return kExitOk;
    }
    if (cmd == "run") return run_command(rest, all, suites, err);
    throw UsageError(fmt::format("unknown command '{}' (run, list, --help)", cmd));
  } catch (const UsageError& e) {
    err << "clampbench: " << e.what() << std::endl;
    return kExitUsage;
  } catch (const std::exception& e) {
    err << "clampbench: internal error: " << e.what() << std::endl;
    return kExitInternal;
  }
}

int run_cli(int argc, char** argv) {
  try {
    return run_cli(argc, argv, all_suites(), std::cout, std::cerr);
  } catch (const std::exception& e) {  // the registry itself failed to build
    std::cerr << "clampbench: internal error: " << e.what() << std::endl;
    return kExitInternal;
  }
}

}  // namespace clampbench
