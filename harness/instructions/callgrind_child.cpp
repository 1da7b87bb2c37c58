// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/instructions/callgrind_child.h"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "harness/output/orphaned_dirs.h"
#include "harness/instructions/child_process.h"

namespace clampbench {

namespace fs = std::filesystem;

std::string find_valgrind() {
  const char* path = std::getenv("PATH");
  std::istringstream dirs(path ? path : "");
  for (std::string dir; std::getline(dirs, dir, ':');) {
    const fs::path candidate = fs::path(dir.empty() ? "." : dir) / "valgrind";
    // Absolute: the child starts in its own directory, where a relative PATH entry means another place.
    if (::access(candidate.c_str(), X_OK) == 0) return fs::absolute(candidate).string();
  }
  return "";
}

namespace {
std::string last_line(const fs::path& file) {
  std::ifstream in(file);
  std::string line, last;
  while (std::getline(in, line))
    if (!line.empty()) last = line;
  return last;
}

// The directories of runs that were killed (SIGKILL runs no destructor) are named
// clampbench-callgrind-<pid>-XXXXXX and removed by a later run (output/orphaned_dirs.h).
constexpr const char* kTempPrefix = "clampbench-callgrind-";

// Removes the child's directory however the parent leaves (SIGKILL: the next run does).
struct TempDir {
  fs::path path;
  TempDir() : path(make_pid_named_dir(fs::temp_directory_path(), kTempPrefix, "callgrind")) {}
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

// The child's world is the same whatever the parent's: a callgrind count moves by a few
// instructions with the initial stack and heap, which the environment, the working directory
// (valgrind gives the client PWD) and every path the child is given shape; about half the
// quick set's counts moved when one environment variable was added. So the child gets a fixed
// environment, starts in "/", and reaches its program and its directory through descriptors
// of fixed numbers, by paths of fixed length. PATH is valgrind's directory alone (the child
// checks that valgrind is there, as any callgrind run does); the valgrind settings are passed
// on because valgrind itself reads them.
std::vector<std::string> child_environment(const std::string& valgrind) {
  std::vector<std::string> env = {"LC_ALL=C", "PATH=" + fs::path(valgrind).parent_path().string()};
  for (const char* name : {"VALGRIND_LIB", "VALGRIND_OPTS"})
    if (const char* value = std::getenv(name)) env.push_back(fmt::format("{}={}", name, value));
  return env;
}

constexpr int kChildProgramFd = 100, kChildDirFd = 101;
constexpr const char* kChildProgram = "/proc/self/fd/100";
constexpr const char* kChildDir = "/proc/self/fd/101";

// A descriptor closed on every way out.
struct OpenFd {
  int fd;
  OpenFd(const fs::path& path, int flags) : fd(::open(path.c_str(), flags | O_CLOEXEC)) {
    if (fd < 0) throw std::runtime_error(fmt::format("cannot open {}: {}", path.string(), std::strerror(errno)));
  }
  ~OpenFd() { ::close(fd); }
  OpenFd(const OpenFd&) = delete;
  OpenFd& operator=(const OpenFd&) = delete;
};
}  // namespace

std::map<std::string, std::int64_t> count_in_callgrind_child(const RunConfig& config) {
  const std::string valgrind = find_valgrind();
  if (valgrind.empty()) throw std::runtime_error("valgrind is not on PATH");
  const TempDir dir;
  const OpenFd program(config.self_exe, O_RDONLY), directory(dir.path, O_RDONLY | O_DIRECTORY);
  std::vector<std::string> args = {valgrind, "--tool=callgrind", "--instr-atstart=no", "--collect-atstart=no",
                                   "--callgrind-out-file=" + (dir.path / "cg.out").string(),
                                   "--log-file=" + (dir.path / "valgrind.log").string(),
                                   "--vgdb=no",  // no FIFOs in /tmp to outlive a killed child
                                   // The C library's allocator costs what the heap's history makes it
                                   // (+-5% of a call between two identical calls): its instructions are
                                   // left out, and the count repeats exactly. The ledger gates allocations.
                                   "--toggle-collect=malloc", "--toggle-collect=free", "--toggle-collect=calloc",
                                   "--toggle-collect=realloc", "--toggle-collect=aligned_alloc",
                                   "--toggle-collect=posix_memalign", "--toggle-collect=memalign",
                                   kChildProgram, "run"};
  // The same selection as this run (argv as given, after "clampbench run"), on host, untimed.
  for (const auto& a : config.child_run_args) args.push_back(a);
  for (const char* a : {"--backend", "host", "--no-timing", "--instructions", "callgrind", "--out"}) args.emplace_back(a);
  args.push_back(std::string(kChildDir) + "/child.json");
  args.push_back(kInstructionChildFlag);
  args.push_back(kChildDir);
  const ChildPlace place{"/", {{program.fd, kChildProgramFd}, {directory.fd, kChildDirFd}}};
  const int status = run_child_process(args, child_environment(valgrind), (dir.path / "child.log").string(), place);
  const fs::path counts_file = dir.path / "counts.json";
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || !fs::exists(counts_file)) {
    const std::string why = WIFEXITED(status) ? fmt::format("exit code {}", WEXITSTATUS(status))
                                              : fmt::format("signal {}", WTERMSIG(status));
    std::string said = last_line(dir.path / "child.log");
    if (said.empty()) said = last_line(dir.path / "valgrind.log");
    throw std::runtime_error(fmt::format("callgrind child failed ({}): {}", why, said));
  }
  std::ifstream in(counts_file);
  const nlohmann::json doc = nlohmann::json::parse(in);
  if (!doc["errors"].empty()) throw std::runtime_error(doc["errors"][0].get<std::string>());
  return doc["counts"].get<std::map<std::string, std::int64_t>>();
}

}  // namespace clampbench
