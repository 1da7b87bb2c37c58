// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The in-process side of the callgrind method: the child run starts with instrumentation
// and collection off (--instr-atstart=no --collect-atstart=no); the pass switches
// instrumentation on once, and each counted call is zeroed, collected and dumped with its
// label. Callgrind writes the dump before the client request returns, as part N of the
// out-file, so the count is read back at once.

#include <fstream>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

#include "harness/instructions/detail/callgrind_dump.h"
#include "harness/instructions/instruction_counter.h"

#if CLAMPBENCH_HAVE_CALLGRIND
#include <valgrind/callgrind.h>
#endif

namespace clampbench {

bool callgrind_compiled() { return CLAMPBENCH_HAVE_CALLGRIND != 0; }

#if CLAMPBENCH_HAVE_CALLGRIND
namespace {
class CallgrindCounter final : public InstructionCounter {
 public:
  explicit CallgrindCounter(std::string prefix) : prefix_(std::move(prefix)) { CALLGRIND_START_INSTRUMENTATION; }
  ~CallgrindCounter() override { CALLGRIND_STOP_INSTRUMENTATION; }
  InstructionMethod method() const override { return InstructionMethod::Callgrind; }

  std::int64_t count(const std::string& label, const std::function<void()>& call) override {
    CALLGRIND_ZERO_STATS;
    CALLGRIND_TOGGLE_COLLECT;
    try {
      call();
    } catch (...) {
      CALLGRIND_TOGGLE_COLLECT;
      throw;
    }
    CALLGRIND_TOGGLE_COLLECT;
    CALLGRIND_DUMP_STATS_AT(label.c_str());
    const std::string path = fmt::format("{}.{}", prefix_, ++part_);
    std::ifstream in(path);
    if (!in) throw std::runtime_error(fmt::format("callgrind dump '{}' for {} is missing", path, label));
    return detail::callgrind_dump_total(in, label);
  }

 private:
  std::string prefix_;
  int part_ = 0;  // callgrind numbers the dumps of one process 1, 2, ...
};
}  // namespace

std::unique_ptr<InstructionCounter> make_callgrind_counter(const std::string& dump_prefix, std::string& why_not) {
  if (RUNNING_ON_VALGRIND == 0) {
    why_not = "not running under valgrind";
    return nullptr;
  }
  return std::make_unique<CallgrindCounter>(dump_prefix);
}
#else
std::unique_ptr<InstructionCounter> make_callgrind_counter(const std::string&, std::string& why_not) {
  why_not = "this build has no valgrind/callgrind.h (install valgrind and reconfigure)";
  return nullptr;
}
#endif

}  // namespace clampbench
