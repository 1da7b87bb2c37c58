// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/interrupt.h"

#include <csignal>

namespace clampbench {

namespace {
volatile std::sig_atomic_t caught = 0;
struct sigaction previous_int, previous_term;

extern "C" void note_signal(int signo) { caught = signo; }
}  // namespace

InterruptWatch::InterruptWatch() {
  caught = 0;
  struct sigaction sa {};
  sa.sa_handler = note_signal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESETHAND;  // no SA_RESTART: a blocking wait returns EINTR
  sigaction(SIGINT, &sa, &previous_int);
  sigaction(SIGTERM, &sa, &previous_term);
}

InterruptWatch::~InterruptWatch() {
  sigaction(SIGINT, &previous_int, nullptr);
  sigaction(SIGTERM, &previous_term, nullptr);
}

int interrupt_signal() { return caught; }

const char* interrupt_signal_name(int signo) {
  if (signo == SIGINT) return "SIGINT";
  if (signo == SIGTERM) return "SIGTERM";
  return "signal";
}

}  // namespace clampbench
