// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/instructions/callgrind_child.h"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fcntl.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "harness/case_filter.h"
#include "harness/instructions/instruction_pass.h"
#include "harness/results_writer.h"

extern char** environ;

namespace clampbench {

namespace fs = std::filesystem;

std::string find_valgrind() {
  const char* path = std::getenv("PATH");
  std::istringstream dirs(path ? path : "");
  for (std::string dir; std::getline(dirs, dir, ':');) {
    const fs::path candidate = fs::path(dir.empty() ? "." : dir) / "valgrind";
    if (::access(candidate.c_str(), X_OK) == 0) return candidate.string();
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

// Removes the child's directory however the parent leaves.
struct TempDir {
  fs::path path;
  TempDir() {
    std::string tmpl = (fs::temp_directory_path() / "clampbench-callgrind-XXXXXX").string();
    if (::mkdtemp(tmpl.data()) == nullptr)
      throw std::runtime_error(fmt::format("cannot make a directory for callgrind: {}", std::strerror(errno)));
    path = tmpl;
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

int spawn_and_wait(const std::vector<std::string>& args, const fs::path& log) {
  std::vector<std::string> env_strings;
  for (char** e = environ; *e != nullptr; ++e)
    if (std::strncmp(*e, kInstructionChildEnv, std::strlen(kInstructionChildEnv)) != 0) env_strings.emplace_back(*e);
  env_strings.push_back(fmt::format("{}={}", kInstructionChildEnv, log.parent_path().string()));
  std::vector<char*> argv, envp;
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  for (const auto& e : env_strings) envp.push_back(const_cast<char*>(e.c_str()));
  argv.push_back(nullptr);
  envp.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
  pid_t pid = 0;
  const int rc = ::posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) throw std::runtime_error(fmt::format("cannot start {}: {}", args[0], std::strerror(rc)));
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) throw std::runtime_error(fmt::format("waitpid: {}", std::strerror(errno)));
  return status;
}
}  // namespace

std::map<std::string, std::int64_t> count_in_callgrind_child(const RunConfig& config) {
  const std::string valgrind = find_valgrind();
  if (valgrind.empty()) throw std::runtime_error("valgrind is not on PATH");
  const TempDir dir;
  std::vector<std::string> args = {valgrind, "--tool=callgrind", "--instr-atstart=no", "--collect-atstart=no",
                                   "--callgrind-out-file=" + (dir.path / "cg.out").string(),
                                   "--log-file=" + (dir.path / "valgrind.log").string(),
                                   // The C library's allocator costs what the heap's history makes it
                                   // (+-5% of a call between two identical calls): its instructions are
                                   // left out, and the count repeats exactly. The ledger gates allocations.
                                   "--toggle-collect=malloc", "--toggle-collect=free", "--toggle-collect=calloc",
                                   "--toggle-collect=realloc", "--toggle-collect=aligned_alloc",
                                   "--toggle-collect=posix_memalign", "--toggle-collect=memalign",
                                   config.self_exe, "run"};
  // The same selection as this run (argv as given, after "clampbench run"), on host, untimed.
  // --l2-flush is for cuda cases, which the child (on host) does not have.
  for (std::size_t i = 2; i < config.command_line.size(); ++i)
    if (config.command_line[i] != "--l2-flush") args.push_back(config.command_line[i]);
  for (const char* a : {"--backend", "host", "--no-timing", "--instructions", "callgrind", "--out"}) args.emplace_back(a);
  args.push_back((dir.path / "child.json").string());
  const int status = spawn_and_wait(args, dir.path / "child.log");
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

int run_instruction_child(const RunConfig& config, const std::vector<const Suite*>& suites, const std::string& dir) {
  std::string why_not;
  auto counter = make_callgrind_counter((fs::path(dir) / "cg.out").string(), why_not);
  nlohmann::json doc = {{"counts", nlohmann::json::object()}, {"errors", nlohmann::json::array()}};
  if (!counter) doc["errors"].push_back("callgrind child: " + why_not);
  for (const Suite* s : counter ? suites : std::vector<const Suite*>{}) {
    for (const ParamPoint& p : selected_points(*s, config)) {
      CaseResult r;
      r.suite = s->name;
      r.case_id = s->name + "/" + p.label();
      r.params = p;
      for (const Variant* v : selected_variants(*s, config)) r.variants.emplace_back().name = v->name;
      CaseData inputs;
      try {
        inputs = s->make_inputs(p, config.seed, DeviceType::Host);
      } catch (const std::exception&) {
        continue;  // the parent reports it
      }
      const double planted = config.plant == "instructions" ? 0.1 : 0.0;
      for (const auto& e : instruction_pass(*s, r, inputs, *counter, planted)) doc["errors"].push_back(e);
      for (const auto& v : r.variants)
        if (v.instructions) doc["counts"][r.case_id + "/" + v.name] = *v.instructions;
    }
  }
  write_file_atomically((fs::path(dir) / "counts.json").string(), doc.dump() + "\n");
  return 0;
}

}  // namespace clampbench
