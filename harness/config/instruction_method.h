// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// How a run counts instructions (`--instructions`), as the run's config and its results name
// it; the counters themselves are in instructions/.

namespace clampbench {

enum class InstructionMethod { Off, Perf, Callgrind };
// "off", "perf", "callgrind": the results' environment.instructions.method.
const char* instruction_method_name(InstructionMethod m);

}  // namespace clampbench
