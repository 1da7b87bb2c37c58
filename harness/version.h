// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The tool's version, as `clampbench --version` prints it and the results file records it
// (environment.clampbench_version): CMake's project VERSION, then "+" and `git describe`
// of the source tree at configure time when git was there ("0.1.0+ccccf3e-dirty").

#include <string>

namespace clampbench {

std::string version_string();

}  // namespace clampbench
