// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/dump.h"

#include <filesystem>

#include "harness/detail/npy.h"
#include "harness/results_writer.h"

namespace clampbench {

namespace fs = std::filesystem;

std::string dump_dir_name(const std::string& label) {
  std::string out;
  for (char ch : label) {
    if (ch == '=') continue;
    out += ch == ',' ? '_' : ch;
  }
  return out.empty() ? "default" : out;
}

Dump::Dump(std::string dir) : dir_(std::move(dir)) {}

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

void Dump::add_case(const CaseResult& c, const CaseData& input_layout, const std::vector<HostTensor>& inputs) {
  const std::string base = c.suite + "/" + dump_dir_name(c.params.label());
  nlohmann::json params = nlohmann::json::object();
  for (const auto& [k, v] : c.params.values()) params[k] = v;
  nlohmann::json jc = {{"case_id", c.case_id}, {"suite", c.suite}, {"params", params},
                       {"inputs", nlohmann::json::array()}, {"variants", nlohmann::json::array()}};
  for (std::size_t i = 0; i < inputs.size() && i < input_layout.buffers.size(); ++i) {
    const Buffer& b = input_layout.buffers[i];
    nlohmann::json e = tensor_entry(b.name, put(dir_, base + "/inputs/" + b.name + ".npy", inputs[i]), inputs[i]);
    e["role"] = role_name(b.role);
    jc["inputs"].push_back(e);
  }
  for (const auto& v : c.variants) {
    nlohmann::json jv = {{"name", v.name}, {"verdict", verdict_name(v.verdict)},
                         {"outputs", nlohmann::json::array()}, {"inputs_after", nlohmann::json::array()}};
    for (const auto& o : v.outputs) {
      const HostTensor h = host_view(o.tensor);
      jv["outputs"].push_back(tensor_entry(o.name, put(dir_, base + "/" + v.name + "/outputs/" + o.name + ".npy", h), h));
    }
    for (std::size_t i = 0; i < v.after_host.size() && i < v.after.buffers.size(); ++i) {
      const Buffer& b = v.after.buffers[i];
      if (b.role == Role::Fresh) continue;
      jv["inputs_after"].push_back(
          {{"name", b.name}, {"file", put(dir_, base + "/" + v.name + "/inputs_after/" + b.name + ".npy", v.after_host[i])}});
    }
    jc["variants"].push_back(jv);
  }
  cases_.push_back(jc);
}

void Dump::finish() const {
  const nlohmann::json manifest = {{"schema_version", kSchemaVersion}, {"cases", cases_}};
  write_file_atomically((fs::path(dir_) / "manifest.json").string(), manifest.dump(2) + "\n");
}

}  // namespace clampbench
