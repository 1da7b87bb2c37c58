// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/results/environment.h"

#include <unistd.h>

#include <array>
#include <cctype>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <sstream>
#include <string_view>

#include <fmt/format.h>

#include "harness/machine/device_info.h"
#include "harness/machine/run_placement.h"
#include "harness/selection/shard.h"
#include "harness/version.h"
#include "kernels/device.h"

#ifndef CLAMPBENCH_SOURCE_DIR
#define CLAMPBENCH_SOURCE_DIR "."
#endif
#ifndef CLAMPBENCH_BUILD_TYPE
#define CLAMPBENCH_BUILD_TYPE "unknown"
#endif

namespace clampbench {

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

// The expectations file and its digest; nullopt when it cannot be read (the run refuses it later).
std::optional<ExpectationsRecord> expectations_record(const std::string& path) {
  if (path.empty()) return std::nullopt;
  std::ifstream in(path, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  if (!in) return std::nullopt;
  return ExpectationsRecord{path, fmt::format("{:016x}", fnv1a64(bytes.str()))};
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

}  // namespace

std::string utc_iso8601(std::time_t t) {
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

std::string utc_now_iso8601() { return utc_iso8601(std::time(nullptr)); }

std::optional<std::time_t> parse_utc_iso8601(const std::string& text) {
  static constexpr std::string_view shape = "dddd-dd-ddTdd:dd:ddZ";
  if (text.size() != shape.size()) return std::nullopt;
  for (std::size_t i = 0; i < shape.size(); ++i)
    if (shape[i] == 'd' ? !std::isdigit(static_cast<unsigned char>(text[i])) : text[i] != shape[i]) return std::nullopt;
  const auto field = [&](std::size_t at, std::size_t n) { return std::stoi(text.substr(at, n)); };
  std::tm tm{};
  tm.tm_year = field(0, 4) - 1900;
  tm.tm_mon = field(5, 2) - 1;
  tm.tm_mday = field(8, 2);
  tm.tm_hour = field(11, 2);
  tm.tm_min = field(14, 2);
  tm.tm_sec = field(17, 2);
  // timegm carries an out-of-range field over (February 30th is March 2nd): written again,
  // only a real date and time gives back the same text.
  const std::time_t t = timegm(&tm);
  if (utc_iso8601(t) != text) return std::nullopt;
  return t;
}

Environment measure_environment(const RunConfig& config) {
  Environment e;
  e.clampbench_version = version_string();
  e.git_commit = git("rev-parse HEAD");
  e.git_branch = git("rev-parse --abbrev-ref HEAD");
  if (e.git_commit) {
    if (auto status = git("status --porcelain --untracked-files=no")) e.git_dirty = !status->empty();
  }
  e.build_type = CLAMPBENCH_BUILD_TYPE;
  e.compiler = compiler();
  e.cuda_compiled = cuda_compiled();
  const DeviceInfo dev = query_device_info();
  e.cuda_runtime_version = dev.runtime_version;
  e.cuda_driver_version = dev.driver_version;
  e.device_name = config.use_cuda && dev.device_name ? *dev.device_name : std::string("host");
  if (config.use_cuda) e.sm_count = dev.sm_count;
  char host[256] = {};
  gethostname(host, sizeof host - 1);
  e.host_name = host;
  e.backend = config.use_cuda ? "cuda" : "host";
  e.allocator = config.allocator;
  e.host_allocator = "pageable";
  e.size_set = size_set_name(config.sizes);
  e.selection = {config.suites, config.variants, config.cases, config.axes};
  if (config.shard) e.shard = ShardRecord{config.shard->index, config.shard->count};
  e.seed = config.seed;
  e.repetitions = config.repetitions;
  e.timing = config.timing;
  e.placement = query_run_placement();
  e.plant = config.plant.text();
  e.expectations = expectations_record(config.expectations_path);
  e.timing_settings = {config.repetitions, config.max_noise, config.timing_timeout_s, config.min_time_s, config.l2_flush};
  e.instructions = config.instructions;
  e.time = utc_now_iso8601();
  e.command_line = config.command_line;
  return e;
}

}  // namespace clampbench
