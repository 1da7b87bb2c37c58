// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// SIGINT and SIGTERM during a run: the handler only notes the signal, and the run checks it
// between cases, so that what was measured is written (outcome "interrupted") and temporary
// files are removed before it exits 128 + the signal (130, 143). A second signal ends the
// process at once (the default action is back after the first). Handlers are installed
// without SA_RESTART, so that a wait for the callgrind child returns and can end it.

namespace clampbench {

// Installs the handlers for its lifetime and restores the previous ones after.
class InterruptWatch {
 public:
  InterruptWatch();
  ~InterruptWatch();
  InterruptWatch(const InterruptWatch&) = delete;
  InterruptWatch& operator=(const InterruptWatch&) = delete;
};

// The signal caught since the watch began (SIGINT or SIGTERM), or 0.
int interrupt_signal();
// "SIGINT", "SIGTERM", or "signal N".
const char* interrupt_signal_name(int signo);

}  // namespace clampbench
