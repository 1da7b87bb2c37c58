// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// What Google Benchmark's reporters are asked to do with the timing samples, as typed values:
// the CLI parses the --benchmark_* reporting flags into this once (cli/benchmark_flags.h),
// and the timing session builds the reporters from it without reading a flag again.

#include <optional>
#include <string>

namespace clampbench {

enum class GbenchFormat { Console, Json, Csv };
enum class GbenchTimeUnit { Nanosecond, Microsecond, Millisecond, Second };

struct GbenchReporting {
  std::optional<GbenchFormat> display;           // --benchmark_format: on stdout; nullopt: none
  std::string out_file;                          // --benchmark_out; "": no file
  GbenchFormat out_format = GbenchFormat::Json;  // --benchmark_out_format
  GbenchTimeUnit time_unit = GbenchTimeUnit::Nanosecond;  // --benchmark_time_unit
  // Any reporting flag was given: the session is set up even under --no-timing (and so writes
  // an empty --benchmark_out), as it always was.
  bool requested = false;
};

}  // namespace clampbench
