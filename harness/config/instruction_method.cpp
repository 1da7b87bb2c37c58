// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/config/instruction_method.h"

namespace clampbench {

const char* instruction_method_name(InstructionMethod m) {
  switch (m) {
    case InstructionMethod::Off: return "off";
    case InstructionMethod::Perf: return "perf";
    case InstructionMethod::Callgrind: return "callgrind";
  }
  return "?";
}

}  // namespace clampbench
