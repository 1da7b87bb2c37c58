// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// An exact cost figure beside the times: the user-space instructions of one builder call,
// counted rather than timed, so that a gate on a shared, loaded runner can trust it (the idea
// behind rustc's perf suite). Two ways to count, behind one interface:
//   perf       perf_event_open(PERF_COUNT_HW_INSTRUCTIONS, user space only), in process,
//              where the machine exposes hardware counters (bare metal, most CI hosts);
//   callgrind  valgrind's callgrind, where it does not (VMs): a child `clampbench run` under
//              valgrind counts each call between client requests (callgrind_child.h).

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "harness/config/instruction_method.h"

namespace clampbench {


class InstructionCounter {
 public:
  virtual ~InstructionCounter() = default;
  virtual InstructionMethod method() const = 0;
  // The user-space instructions retired by `call`; `label` names it ("case_id/variant").
  // Throws std::runtime_error when the counter fails (the pass records no figure).
  virtual std::int64_t count(const std::string& label, const std::function<void()>& call) = 0;
};

// The hardware counter of this process, or null with `why_not` set when the machine or the
// kernel does not give one (no PMU in a VM, perf_event_paranoid, seccomp).
std::unique_ptr<InstructionCounter> make_perf_counter(std::string& why_not);

// In a process running under callgrind with --callgrind-out-file=`dump_prefix`: counts by
// zeroing, collecting around the call and dumping, then reading the dump back. Null with
// `why_not` when this process is not under valgrind or the build lacks valgrind's header.
std::unique_ptr<InstructionCounter> make_callgrind_counter(const std::string& dump_prefix, std::string& why_not);
// Whether this build can count under callgrind (it found valgrind's header).
bool callgrind_compiled();

}  // namespace clampbench
