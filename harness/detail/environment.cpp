// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/detail/environment.h"

#include <unistd.h>

#include <array>
#include <cstdio>
#include <ctime>

#include <fmt/format.h>

#include "harness/detail/device_info.h"
#include "harness/detail/run_placement.h"
#include "harness/version.h"
#include "kernels/device.h"

#ifndef CLAMPBENCH_SOURCE_DIR
#define CLAMPBENCH_SOURCE_DIR "."
#endif
#ifndef CLAMPBENCH_BUILD_TYPE
#define CLAMPBENCH_BUILD_TYPE "unknown"
#endif

namespace clampbench::detail {

namespace {
// First line of a git command's stdout in the source tree; nullopt when git is missing or fails.
std::optional<std::string> git(const char* args) {
  const std::string cmd = fmt::format("git -C '{}' {} 2>/dev/null", CLAMPBENCH_SOURCE_DIR, args);
  FILE* p = popen(cmd.c_str(), "r");
  if (p == nullptr) return std::nullopt;
  std::string out;
  std::array<char, 256> buf{};
  while (std::fgets(buf.data(), buf.size(), p) != nullptr) out += buf.data();
  if (pclose(p) != 0) return std::nullopt;
  return out.substr(0, out.find('\n'));
}

std::string compiler() {
#if defined(__clang__)
  return fmt::format("Clang {}.{}.{}", __clang_major__, __clang_minor__, __clang_patchlevel__);
#elif defined(__GNUC__)
  return fmt::format("GNU {}.{}.{}", __GNUC__, __GNUC_MINOR__, __GNUC_PATCHLEVEL__);
#else
  return __VERSION__;
#endif
}

nlohmann::json opt(const std::optional<std::string>& v) { return v ? nlohmann::json(*v) : nlohmann::json(nullptr); }

// The selection flags as given (empty: all), so that --resume can tell one run from another.
nlohmann::json selection_json(const RunConfig& config) {
  nlohmann::json axes = nlohmann::json::array();
  for (const auto& a : config.axes) axes.push_back({{"name", a.name}, {"values", a.values}});
  return {{"suites", config.suites}, {"variants", config.variants}, {"cases", config.cases}, {"axes", axes}};
}
}  // namespace

std::string utc_now_iso8601() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

nlohmann::json environment_json(const RunConfig& config) {
  const auto commit = git("rev-parse HEAD");
  const auto branch = git("rev-parse --abbrev-ref HEAD");
  nlohmann::json dirty = nullptr;
  if (commit) {
    if (auto status = git("status --porcelain --untracked-files=no")) dirty = !status->empty();
  }
  const DeviceInfo dev = query_device_info();
  char host[256] = {};
  gethostname(host, sizeof host - 1);
  return {
      {"clampbench_version", version_string()},
      {"git_commit", opt(commit)}, {"git_branch", opt(branch)}, {"git_dirty", dirty},
      {"build_type", CLAMPBENCH_BUILD_TYPE}, {"compiler", compiler()}, {"cuda_compiled", cuda_compiled()},
      {"cuda_runtime_version", opt(dev.runtime_version)}, {"cuda_driver_version", opt(dev.driver_version)},
      {"device_name", config.use_cuda && dev.device_name ? *dev.device_name : std::string("host")},
      {"sm_count", config.use_cuda && dev.sm_count ? nlohmann::json(*dev.sm_count) : nlohmann::json(nullptr)},
      {"host_name", std::string(host)}, {"backend", config.use_cuda ? "cuda" : "host"},
      {"allocator", config.allocator}, {"host_allocator", "pageable"},
      {"size_set", size_set_name(config.sizes)}, {"selection", selection_json(config)}, {"seed", config.seed}, {"repetitions", config.repetitions},
      {"timing", config.timing},
      {"placement", run_placement_json()},
      {"plant", config.plant.empty() ? nlohmann::json(nullptr) : nlohmann::json(config.plant)},
      {"timing_config", {{"min_samples", config.repetitions}, {"max_noise", config.max_noise},
                         {"timeout_s", config.timing_timeout_s}, {"sample_time_s", config.min_time_s},
                         {"interleaved", true}, {"l2_flush", config.l2_flush}}},
      {"instructions", {{"method", instruction_method_name(config.instruction_method)},
                        {"requested", config.instructions}, {"note", config.instruction_note}}}, {"time", utc_now_iso8601()}, {"command_line", config.command_line},
  };
}

}  // namespace clampbench::detail
