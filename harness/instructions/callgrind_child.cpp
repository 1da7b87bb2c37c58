// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/instructions/callgrind_child.h"

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "harness/case_filter.h"
#include "harness/output/orphaned_dirs.h"
#include "harness/instructions/child_process.h"
#include "harness/instructions/instruction_pass.h"
#include "harness/results_writer.h"
#include "harness/usage_error.h"

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

// The directories of runs that were killed (SIGKILL runs no destructor) are named
// clampbench-callgrind-<pid>-XXXXXX and removed by a later run (output/orphaned_dirs.h).
constexpr const char* kTempPrefix = "clampbench-callgrind-";

// Removes the child's directory however the parent leaves (SIGKILL: the next run does).
struct TempDir {
  fs::path path;
  TempDir() : path(detail::make_pid_named_dir(fs::temp_directory_path(), kTempPrefix, "callgrind")) {}
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

// The child's environment: this one.
std::vector<std::string> child_environment() {
  std::vector<std::string> env;
  for (char** e = environ; *e != nullptr; ++e) env.emplace_back(*e);
  return env;
}

// The arguments after "clampbench run" that the child takes: the selection and the run
// settings, not the parent's outputs (its results go to the child's directory), nor
// --l2-flush and --allocator (for cuda cases, which the child, on host, does not have), nor
// --shard: a call's callgrind count moves by a few instructions with what the process ran and
// allocated before it, so the child of every shard runs the whole selection, as the unsharded
// run's child does, and each shard keeps its own cases' counts -- the same counts as that run.
// Nor a delay plant: it stalls the timing pass only, and a planted run's counts must equal a
// plain run's (the child's command line is part of what it counts).
bool is_delay_plant(const std::vector<std::string>& command_line, std::size_t i) {
  const std::string& a = command_line[i];
  if (a.rfind("--plant=delay:", 0) == 0) return true;
  return a == "--plant" && i + 1 < command_line.size() && command_line[i + 1].rfind("delay:", 0) == 0;
}

std::vector<std::string> child_run_args(const std::vector<std::string>& command_line) {
  static const char* kNotForChild[] = {"--out", "--dump", "--trace-out", "--resume", "--allocator", "--shard"};
  std::vector<std::string> out;
  for (std::size_t i = 2; i < command_line.size(); ++i) {
    const std::string& a = command_line[i];
    const std::string name = a.substr(0, a.find('='));
    if (a == "--l2-flush" || a == "--force" || name == "--benchmark_out") continue;
    if (is_delay_plant(command_line, i)) {
      if (name == a) ++i;
      continue;
    }
    if (std::find(std::begin(kNotForChild), std::end(kNotForChild), name) != std::end(kNotForChild)) {
      if (name == a) ++i;  // "--out FILE": skip the value too
      continue;
    }
    out.push_back(a);
  }
  return out;
}
}  // namespace

std::map<std::string, std::int64_t> count_in_callgrind_child(const RunConfig& config) {
  const std::string valgrind = find_valgrind();
  if (valgrind.empty()) throw std::runtime_error("valgrind is not on PATH");
  const TempDir dir;
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
                                   config.self_exe, "run"};
  // The same selection as this run (argv as given, after "clampbench run"), on host, untimed.
  for (auto& a : child_run_args(config.command_line)) args.push_back(std::move(a));
  for (const char* a : {"--backend", "host", "--no-timing", "--instructions", "callgrind", "--out"}) args.emplace_back(a);
  args.push_back((dir.path / "child.json").string());
  args.push_back(kInstructionChildFlag);
  args.push_back(dir.path.string());
  const int status = run_child_process(args, child_environment(), (dir.path / "child.log").string());
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
  std::error_code ec;
  if (!fs::is_directory(dir, ec))
    throw UsageError(fmt::format("{} '{}': not a directory (the flag is the callgrind method's own)", kInstructionChildFlag, dir));
  std::string why_not;
  auto counter = make_callgrind_counter((fs::path(dir) / "cg.out").string(), why_not);
  nlohmann::json doc = {{"counts", nlohmann::json::object()}, {"errors", nlohmann::json::array()}};
  if (!counter) doc["errors"].push_back("callgrind child: " + why_not);
  for (const SelectedCase& c : counter ? selected_cases(suites, config) : std::vector<SelectedCase>{}) {
    CaseResult r;
    r.suite = c.suite->name;
    r.case_id = c.id;
    r.params = c.point;
    for (const Variant* v : selected_variants(*c.suite, config)) r.variants.emplace_back().name = v->name;
    CaseData inputs;
    try {
      inputs = c.suite->make_inputs(c.point, config.seed, DeviceType::Host);
    } catch (const std::exception&) {
      continue;  // the parent reports it
    }
    const double planted = config.plant == "instructions" ? 0.1 : 0.0;
    for (const auto& e : instruction_pass(*c.suite, r, inputs, *counter, planted)) doc["errors"].push_back(e);
    for (const auto& v : r.variants)
      if (v.instructions) doc["counts"][variant_id(r.case_id, v.name)] = *v.instructions;
  }
  write_file_atomically((fs::path(dir) / "counts.json").string(), doc.dump() + "\n");
  return 0;
}

}  // namespace clampbench
