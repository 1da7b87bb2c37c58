// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// Only this file sees the version definitions, so a re-configure recompiles one file.
#include "harness/version.h"

#ifndef CLAMPBENCH_VERSION
#define CLAMPBENCH_VERSION "unknown"
#endif
#ifndef CLAMPBENCH_GIT_DESCRIBE
#define CLAMPBENCH_GIT_DESCRIBE ""
#endif

namespace clampbench {

std::string version_string() {
  const std::string describe = CLAMPBENCH_GIT_DESCRIBE;
  return describe.empty() ? std::string(CLAMPBENCH_VERSION) : std::string(CLAMPBENCH_VERSION) + "+" + describe;
}

}  // namespace clampbench
