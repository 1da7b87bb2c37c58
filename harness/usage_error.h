// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The one error for bad usage or input (a flag, a value, a file named on the command line).
// Any module may throw it without knowing the CLI; the CLI alone catches it, prints
// "clampbench: <what>" as one line and exits 2.

#include <stdexcept>

namespace clampbench {

class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace clampbench
