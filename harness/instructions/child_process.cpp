// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/instructions/child_process.h"

#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>

#include <fmt/format.h>

#include "harness/interrupt.h"

namespace clampbench {

namespace {
std::vector<char*> c_strings(const std::vector<std::string>& v) {
  std::vector<char*> out;
  for (const auto& s : v) out.push_back(const_cast<char*>(s.c_str()));
  out.push_back(nullptr);
  return out;
}

// In the child between fork and exec: async-signal-safe calls only.
// `fds` are first moved above every target (kFdScratch), so that no dup2 closes a descriptor
// still to be given.
constexpr int kFdScratch = 512;

[[noreturn]] void become_child(pid_t parent, char** argv, char** envp, const char* log, const char* cwd,
                               std::pair<int, int>* fds, std::size_t n_fds) {
  ::setpgid(0, 0);
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() != parent) ::_exit(127);  // the parent died before the line above
  const int fd = ::open(log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0 || ::dup2(fd, STDOUT_FILENO) < 0 || ::dup2(fd, STDERR_FILENO) < 0) ::_exit(127);
  for (std::size_t i = 0; i < n_fds; ++i)
    if ((fds[i].first = ::fcntl(fds[i].first, F_DUPFD_CLOEXEC, kFdScratch)) < 0) ::_exit(127);
  for (std::size_t i = 0; i < n_fds; ++i)
    if (::dup2(fds[i].first, fds[i].second) < 0) ::_exit(127);  // the copy is inherited; the scratch is not
  if (*cwd != '\0' && ::chdir(cwd) != 0) ::_exit(127);
  ::execve(argv[0], argv, envp);
  ::_exit(127);
}
}  // namespace

int run_child_process(const std::vector<std::string>& args, const std::vector<std::string>& env, const std::string& log,
                      const ChildPlace& place) {
  std::vector<char*> argv = c_strings(args), envp = c_strings(env);
  std::vector<std::pair<int, int>> fds = place.fds;  // made before fork: the child only assigns
  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid < 0) throw std::runtime_error(fmt::format("cannot start {}: {}", args[0], std::strerror(errno)));
  if (pid == 0) become_child(parent, argv.data(), envp.data(), log.c_str(), place.cwd.c_str(), fds.data(), fds.size());
  ::setpgid(pid, pid);  // also here: no window in which a signal to the group misses it
  // Polled, not blocking: a signal that lands just before a blocking wait would go unseen
  // until the child ends on its own.
  int status = 0;
  for (;;) {
    const pid_t done = ::waitpid(pid, &status, WNOHANG);
    if (done == pid) return status;
    if (done < 0 && errno != EINTR) throw std::runtime_error(fmt::format("waitpid: {}", std::strerror(errno)));
    if (const int signo = interrupt_signal(); signo != 0) {
      ::kill(-pid, SIGKILL);
      while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
      throw ChildInterrupted(fmt::format("{} ended by {}", args[0], interrupt_signal_name(signo)));
    }
    ::usleep(20000);
  }
}

}  // namespace clampbench
