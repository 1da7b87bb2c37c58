// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// parse_run_args of cli.h: the arguments after `run`, each checked on its own; every bad one
// becomes one UsageError naming it. Nothing here looks at the registry or the machine
// (resolve_run.cpp does).

#include <algorithm>
#include <charconv>

#include <fmt/format.h>

#include "harness/case_filter.h"
#include "harness/cli/benchmark_flags.h"
#include "harness/cli/cli.h"
#include "harness/runner/planted_delay.h"
#include "harness/instructions/callgrind_child.h"
#include "harness/shard.h"

namespace clampbench {

namespace {
template <typename T>
T parse_number(const std::string& flag, const std::string& text) {
  T value{};
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || text.empty())
    throw UsageError(fmt::format("bad number '{}' for {}", text, flag));
  return value;
}

// "a,b" -> a, b. An empty name ("", "a,,b", "a,") is an error: `--suite ""` from an unset
// shell variable must not quietly select everything.
void split_into(const std::string& flag, const std::string& text, std::vector<std::string>& out) {
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    if (comma == start) throw UsageError(fmt::format("{} '{}': empty name", flag, text));
    out.push_back(text.substr(start, comma - start));
    start = comma + 1;
  }
}
}  // namespace

RunArgs parse_run_args(const std::vector<std::string>& args) {
  RunArgs parsed;
  RunConfig& c = parsed.config;
  for (std::size_t i = 0; i < args.size(); ++i) {
    std::string flag = args[i], value;
    const bool has_inline = flag.rfind("--", 0) == 0 && flag.find('=') != std::string::npos;
    if (flag.rfind("--benchmark_", 0) == 0) { detail::take_benchmark_flag(flag, c); continue; }
    if (has_inline) { value = flag.substr(flag.find('=') + 1); flag = flag.substr(0, flag.find('=')); }
    if (flag == "--no-timing") { c.timing = false; continue; }
    if (flag == "--trace") { c.trace = true; continue; }  // allocation traces in the results
    if (flag == "--l2-flush") { c.l2_flush = true; continue; }
    if (flag == "--force") { c.force = true; continue; }  // --dump may replace an earlier dump
    static const char* kWithValue[] = {"--suite", "--variant", "--axis", "--case", "--sizes", "--backend", "--allocator",
                                       "--repetitions", "--seed", "--out", "--dump", "--expectations", "--trace-out", "--instructions",
                                       "--max-noise", "--timing-timeout", "--plant", "--resume",
                                       kInstructionChildFlag, "--shard"};
    if (std::find(std::begin(kWithValue), std::end(kWithValue), flag) == std::end(kWithValue))
      throw UsageError(fmt::format("unknown flag '{}' for run (clampbench help run)", args[i]));
    if (!has_inline) {
      if (i + 1 >= args.size()) throw UsageError(fmt::format("{} needs a value", flag));
      value = args[++i];
    }
    // Checked here once for every flag: an empty value (an unset shell variable) would
    // otherwise mean "the default" or "all" to some of them and be read as a path by others.
    if (value.empty())
      throw UsageError(fmt::format("{} '': empty {}", flag, flag == "--suite" || flag == "--variant" ? "name" : "value"));
    if (flag == "--suite") split_into(flag, value, c.suites);
    else if (flag == "--variant") split_into(flag, value, c.variants);
    else if (flag == "--axis") c.axes.push_back(parse_axis_filter(value));
    else if (flag == "--case") c.cases.push_back(value);  // labels hold commas: one id per flag
    else if (flag == "--sizes") {
      if (!parse_size_set(value, c.sizes)) throw UsageError(fmt::format("bad size set '{}' (quick, nightly, full)", value));
    } else if (flag == "--backend") {
      if (value == "auto") parsed.backend = BackendChoice::Auto;
      else if (value == "host") parsed.backend = BackendChoice::Host;
      else if (value == "cuda") parsed.backend = BackendChoice::Cuda;
      else throw UsageError(fmt::format("bad backend '{}' (auto, host, cuda)", value));
    } else if (flag == "--allocator") {
      if (value != "caching" && value != "async" && value != "raw")
        throw UsageError(fmt::format("bad allocator '{}' (caching, async, raw)", value));
      c.allocator = value;
      parsed.allocator_given = true;
    } else if (flag == "--repetitions") {
      c.repetitions = parse_number<int>(flag, value);
      if (c.repetitions < 1 || c.repetitions > kMaxRepetitions)
        throw UsageError(fmt::format("--repetitions must be from 1 to {} (the timing loop's sample cap), not {}",
                                     kMaxRepetitions, value));
    } else if (flag == "--seed") c.seed = parse_number<std::uint64_t>(flag, value);
    else if (flag == "--out") c.out = value;
    else if (flag == "--dump") c.dump_dir = value;
    else if (flag == "--trace-out") c.trace_out = value;
    else if (flag == "--resume") c.resume_path = value;
    else if (flag == kInstructionChildFlag) c.instruction_child_dir = value;
    else if (flag == "--shard") c.shard = parse_shard(value);
    else if (flag == "--plant") {
      bool delay = false;
      try {
        delay = detail::parse_delay_plant(value).has_value();
      } catch (const std::invalid_argument& e) {
        throw UsageError(fmt::format("bad plant '{}': {}", value, e.what()));
      }
      if (!delay && value != "slowdown" && value != "instructions" && value != "allocation")
        throw UsageError(fmt::format("bad plant '{}' (slowdown, instructions, allocation, delay:R[:SUITE])", value));
      c.plant = value;
    } else if (flag == "--max-noise") {
      c.max_noise = parse_number<double>(flag, value);
      if (!(c.max_noise > 0 && c.max_noise < 1)) throw UsageError(fmt::format("--max-noise must be between 0 and 1, not {}", value));
    } else if (flag == "--timing-timeout") {
      c.timing_timeout_s = parse_number<double>(flag, value);
      if (!(c.timing_timeout_s > 0 && c.timing_timeout_s <= kMaxTimingSeconds))
        throw UsageError(fmt::format("--timing-timeout must be more than 0 and at most {} seconds, not {}",
                                     kMaxTimingSeconds, value));
    } else if (flag == "--instructions") {
      if (value != "auto" && value != "perf" && value != "callgrind" && value != "off")
        throw UsageError(fmt::format("bad instruction counter '{}' (auto, perf, callgrind, off)", value));
      c.instructions.requested = value;
    }
    else c.expectations_path = value;
  }
  return parsed;
}

}  // namespace clampbench
