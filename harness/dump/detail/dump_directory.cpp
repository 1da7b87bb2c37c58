// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/dump/detail/dump_directory.h"

#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <stdexcept>

#include <fmt/format.h>

#include "harness/dump/detail/npy.h"
#include "harness/output/atomic_file.h"
#include "harness/output/orphaned_dirs.h"
#include "harness/output/output_path.h"
#include "harness/results_json/writer.h"

namespace clampbench::detail {

namespace fs = std::filesystem;

std::string dump_dir_name(const std::string& label) {
  std::string out;
  for (char ch : label) {
    if (ch == '=') continue;
    out += ch == ',' ? '_' : ch;
  }
  return out.empty() ? "default" : out;
}

DumpDirectory::DumpDirectory(std::string target, bool force, nlohmann::json header)
    : target_(std::move(target)), force_(force), manifest_(std::move(header)) {
  const fs::path target_path = resolve_output(target_);
  std::error_code ec;
  if (!target_path.parent_path().empty()) fs::create_directories(target_path.parent_path(), ec);
  // ".<name>.dump.<pid>-XXXXXX": a run killed while writing leaves it, and the next dump
  // beside the same target removes it once that process is gone (output/orphaned_dirs.h).
  tmp_ = make_pid_named_dir(target_path.parent_path(), temp_sibling_stem(target_path, "dump", kPidSuffixLength),
                            fmt::format("the dump beside '{}'", target_)).string();
  manifest_["schema_version"] = kSchemaVersion;
  manifest_["cases"] = nlohmann::json::array();
}

DumpDirectory::~DumpDirectory() { abandon(); }

void DumpDirectory::abandon() {
  if (tmp_.empty()) return;
  std::error_code ec;
  fs::remove_all(tmp_, ec);
  tmp_.clear();
}

namespace {
nlohmann::json tensor_entry(const std::string& name, const std::string& file, const HostTensor& t) {
  return {{"name", name}, {"file", file}, {"dtype", t.defined ? std::string(dtype_name(t.dtype)) : "undefined"},
          {"shape", t.shape.to_vector()}};
}

std::string put(const std::string& root, const std::string& rel, const HostTensor& t) {
  fs::create_directories(fs::path(root) / fs::path(rel).parent_path());
  detail::write_npy((fs::path(root) / rel).string(), t);
  return rel;
}
}  // namespace

void DumpDirectory::add_case(const CaseResult& c, const CaseData& input_layout, const std::vector<HostTensor>& inputs) {
  const std::string base = c.suite + "/" + dump_dir_name(c.params.label());
  nlohmann::json params = nlohmann::json::object();
  for (const auto& [k, v] : c.params.values()) params[k] = v;
  nlohmann::json jc = {{"case_id", c.case_id}, {"suite", c.suite}, {"params", params},
                       {"inputs", nlohmann::json::array()}, {"variants", nlohmann::json::array()}};
  for (std::size_t i = 0; i < inputs.size() && i < input_layout.buffers.size(); ++i) {
    const Buffer& b = input_layout.buffers[i];
    nlohmann::json e = tensor_entry(b.name, put(tmp_, base + "/inputs/" + b.name + ".npy", inputs[i]), inputs[i]);
    e["role"] = role_name(b.role);
    jc["inputs"].push_back(e);
  }
  for (const auto& v : c.variants) {
    // The call's ledger totals, so that the upstream check compares what it allocates too.
    const LedgerCounters total = ledger_total(v.ledger);
    const nlohmann::json ledger = v.ledger_valid ? nlohmann::json{{"allocations", total.allocations},
                                                                  {"bytes_requested", total.bytes_requested}}
                                                 : nlohmann::json(nullptr);
    nlohmann::json jv = {{"name", v.name}, {"verdict", verdict_name(v.verdict)},
                         {"host_cost", to_json(v.host_cost)}, {"ledger", ledger},
                         {"outputs", nlohmann::json::array()}, {"inputs_after", nlohmann::json::array()}};
    for (const auto& o : v.outputs) {
      const HostTensor h = host_view(o.tensor);
      jv["outputs"].push_back(tensor_entry(o.name, put(tmp_, base + "/" + v.name + "/outputs/" + o.name + ".npy", h), h));
    }
    for (std::size_t i = 0; i < v.after_host.size() && i < v.after.buffers.size(); ++i) {
      const Buffer& b = v.after.buffers[i];
      if (b.role == Role::Fresh) continue;
      jv["inputs_after"].push_back(
          {{"name", b.name}, {"file", put(tmp_, base + "/" + v.name + "/inputs_after/" + b.name + ".npy", v.after_host[i])}});
    }
    jc["variants"].push_back(jv);
  }
  manifest_["cases"].push_back(jc);
}

void DumpDirectory::finish() {
  try {
    write_file_atomically((fs::path(tmp_) / "manifest.json").string(), manifest_.dump(2) + "\n");
    commit();
  } catch (...) {
    abandon();
    throw;
  }
}

// rename(2) puts the directory in place when nothing or an empty directory is there; a
// non-empty one (made by another run since the check, or an old dump with --force) is
// swapped out whole and removed.
void DumpDirectory::commit() {
  const fs::path target = resolve_output(target_);
  if (std::rename(tmp_.c_str(), target.c_str()) == 0) {
    tmp_.clear();
    return;
  }
  if (errno != ENOTEMPTY && errno != EEXIST)
    throw std::runtime_error(fmt::format("cannot rename the dump to '{}': {}", target_, std::strerror(errno)));
  if (!force_) throw std::runtime_error(fmt::format("'{}' was filled by another run meanwhile; this dump is dropped", target_));
#ifdef SYS_renameat2
  constexpr unsigned kExchange = 1U << 1;  // RENAME_EXCHANGE
  if (::syscall(SYS_renameat2, AT_FDCWD, tmp_.c_str(), AT_FDCWD, target.c_str(), kExchange) == 0) return abandon();
#endif
  std::string aside = temp_sibling_template(target, "old");  // the file system cannot swap: two renames
  if (::mkdtemp(aside.data()) == nullptr) throw std::runtime_error(fmt::format("cannot replace '{}': {}", target_, std::strerror(errno)));
  if (std::rename(target.c_str(), aside.c_str()) != 0) {
    const int err = errno;
    ::rmdir(aside.c_str());
    throw std::runtime_error(fmt::format("cannot replace '{}': {}", target_, std::strerror(err)));
  }
  if (std::rename(tmp_.c_str(), target.c_str()) != 0) {
    const int err = errno;
    std::rename(aside.c_str(), target.c_str());  // put the old dump back
    throw std::runtime_error(fmt::format("cannot replace '{}': {}", target_, std::strerror(err)));
  }
  tmp_ = aside;  // the old dump: removed below
  abandon();
}

}  // namespace clampbench::detail
