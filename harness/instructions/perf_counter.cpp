// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The perf_event_open side of instruction_counter.h: one hardware counter of this thread,
// user space only (the kernel's share moves with page faults and interrupts, not the code).

#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

#include <fmt/format.h>

#include "harness/instructions/instruction_counter.h"

namespace clampbench {

namespace {
class PerfCounter final : public InstructionCounter {
 public:
  explicit PerfCounter(int fd) : fd_(fd) {}
  ~PerfCounter() override { ::close(fd_); }
  InstructionMethod method() const override { return InstructionMethod::Perf; }

  std::int64_t count(const std::string& label, const std::function<void()>& call) override {
    check(::ioctl(fd_, PERF_EVENT_IOC_RESET, 0), "reset", label);
    check(::ioctl(fd_, PERF_EVENT_IOC_ENABLE, 0), "enable", label);
    call();
    check(::ioctl(fd_, PERF_EVENT_IOC_DISABLE, 0), "disable", label);
    std::uint64_t value = 0;
    if (::read(fd_, &value, sizeof value) != static_cast<ssize_t>(sizeof value))
      throw std::runtime_error(fmt::format("perf counter read for {}: {}", label, std::strerror(errno)));
    return static_cast<std::int64_t>(value);
  }

 private:
  static void check(int rc, const char* what, const std::string& label) {
    if (rc != 0) throw std::runtime_error(fmt::format("perf counter {} for {}: {}", what, label, std::strerror(errno)));
  }
  int fd_;
};
}  // namespace

std::unique_ptr<InstructionCounter> make_perf_counter(std::string& why_not) {
  perf_event_attr attr{};
  attr.type = PERF_TYPE_HARDWARE;
  attr.size = sizeof attr;
  attr.config = PERF_COUNT_HW_INSTRUCTIONS;
  attr.disabled = 1;
  attr.exclude_kernel = 1;
  attr.exclude_hv = 1;
  const long fd = ::syscall(SYS_perf_event_open, &attr, 0 /* this thread */, -1, -1, 0);
  if (fd < 0) {
    why_not = fmt::format("no hardware instruction counter (perf_event_open: {})", std::strerror(errno));
    return nullptr;
  }
  return std::make_unique<PerfCounter>(static_cast<int>(fd));
}

}  // namespace clampbench
