// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// read_case and read_outcome of results_json/reader.h, and the blocks they share.

#include "harness/results_json/reader.h"

#include <stdexcept>

namespace clampbench {

namespace {
using json = nlohmann::json;

UnexpectedOrderWrite order_write(const json& j) {
  return {j.at("case_id").get<std::string>(), j.at("variant").get<std::string>(), j.at("buffer").get<std::string>(),
          j.at("vanished").get<bool>()};
}

template <typename Enum, typename NameOf>
Enum by_name(const json& j, std::initializer_list<Enum> all, NameOf name_of, const char* what) {
  for (Enum e : all)
    if (std::string(name_of(e)) == j.get<std::string>()) return e;
  throw std::invalid_argument(std::string("unknown ") + what + " " + j.dump());
}
}  // namespace

Verdict read_verdict(const json& j) {
  return by_name(j, {Verdict::Same, Verdict::OutputMismatch, Verdict::Mutation, Verdict::Error}, verdict_name, "verdict");
}
DeviceType read_device(const json& j) { return by_name(j, {DeviceType::Host, DeviceType::Cuda}, device_name, "device"); }
Role read_role(const json& j) {
  return by_name(j, {Role::Fresh, Role::Persistent, Role::PersistentWritable}, role_name, "role");
}
std::vector<std::int64_t> read_index(const json& j) {
  return j.is_null() ? std::vector<std::int64_t>{} : read_list(j, read_integer<std::int64_t>);
}
DType read_dtype(const json& j) {
  return by_name(j, {DType::Bool, DType::Int32, DType::Int64, DType::Float32}, dtype_name, "dtype");
}

UnexpectedFinding read_finding(const json& j, bool vanished) {
  UnexpectedFinding f{j.at("kind").get<std::string>(), j.at("name").get<std::string>(),
                      read_count<std::int64_t>(j.at("count")), std::nullopt, vanished};
  f.expected_count = read_optional_count<std::int64_t>(j.at("expected_count"));
  return f;
}

CaseResult read_case(const json& j) {
  CaseResult c;
  c.suite = j.at("suite").get<std::string>();
  c.case_id = j.at("case_id").get<std::string>();
  c.device = read_device(j.at("device"));
  const json& params = j.at("params");
  if (!params.is_object()) throw std::invalid_argument("params is not an object");
  for (const auto& [name, value] : params.items()) c.params.set(name, read_integer<std::int64_t>(value));
  for (const auto& v : j.at("variants")) c.variants.push_back(read_variant(v));
  if (c.variants.empty()) throw std::invalid_argument("a case without variants");
  return c;
}

Outcome read_outcome(const json& j) {
  Outcome o;
  o.status = j.at("status").get<std::string>();
  o.exit_code = read_optional_count<int>(j.at("exit_code")).value_or(kExitOk);
  for (const auto& u : j.at("unexpected"))
    o.unexpected.push_back({u.at("case_id").get<std::string>(), u.at("variant").get<std::string>(),
                            read_verdict(u.at("verdict")), read_verdict(u.at("expected"))});
  for (const auto& u : j.at("unexpected_findings"))
    o.unexpected_findings.push_back({u.at("case_id").get<std::string>(), u.at("variant").get<std::string>(),
                                     read_finding(u, u.at("vanished").get<bool>())});
  for (const auto& u : j.at("unexpected_order_dependent_writes")) o.unexpected_order_writes.push_back(order_write(u));
  for (const auto& u : j.at("unexpected_latent_writes")) o.unexpected_latent_writes.push_back(order_write(u));
  o.internal_errors = j.at("internal_errors").get<std::vector<std::string>>();
  return o;
}

}  // namespace clampbench
