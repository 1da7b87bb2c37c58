// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// A child process that goes with its parent: it runs in a process group of its own (a
// terminal's Ctrl-C reaches the parent only, which decides), it gets SIGKILL when the parent
// dies however it dies (PR_SET_PDEATHSIG), and SIGINT/SIGTERM noted by the parent's
// InterruptWatch end the whole group before the wait returns.

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace clampbench {

// The wait ended because the run was interrupted; the child's group is gone.
class ChildInterrupted : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Where the child starts: its working directory ("": this one) and descriptors it inherits,
// each an open descriptor here given the number it has there.
struct ChildPlace {
  std::string cwd;
  std::vector<std::pair<int, int>> fds;  // {descriptor here, number in the child}
};

// Runs argv[0] (a path) with `env`, stdout and stderr to `log`; returns the wait status.
// Throws std::runtime_error when it cannot start, ChildInterrupted when interrupted.
int run_child_process(const std::vector<std::string>& argv, const std::vector<std::string>& env, const std::string& log,
                      const ChildPlace& place = {});

}  // namespace clampbench
