// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// read_case and read_outcome of results_reader.h, and the blocks they share.

#include "harness/results_reader.h"

#include <stdexcept>

namespace clampbench {

namespace {
using json = nlohmann::json;

Verdict verdict(const json& j) {
  Verdict v;
  if (!parse_verdict(j.get<std::string>(), v)) throw std::invalid_argument("unknown verdict " + j.dump());
  return v;
}

DeviceType device(const json& j) {
  for (int d = 0; d < kNumDeviceTypes; ++d)
    if (device_name(static_cast<DeviceType>(d)) == j.get<std::string>()) return static_cast<DeviceType>(d);
  throw std::invalid_argument("unknown device " + j.dump());
}

UnexpectedOrderWrite order_write(const json& j) {
  return {j.at("case_id").get<std::string>(), j.at("variant").get<std::string>(), j.at("buffer").get<std::string>(),
          j.at("vanished").get<bool>()};
}
}  // namespace

CaseResult read_case(const json& j) {
  CaseResult c;
  c.suite = j.at("suite").get<std::string>();
  c.case_id = j.at("case_id").get<std::string>();
  c.device = device(j.at("device"));
  for (const auto& [name, value] : j.at("params").items()) c.params.set(name, value.get<std::int64_t>());
  for (const auto& v : j.at("variants")) c.variants.push_back(read_variant(v));
  if (c.variants.empty()) throw std::invalid_argument("a case without variants");
  return c;
}

Outcome read_outcome(const json& j) {
  Outcome o;
  o.status = j.at("status").get<std::string>();
  o.exit_code = j.at("exit_code").is_null() ? kExitOk : j.at("exit_code").get<int>();
  for (const auto& u : j.at("unexpected"))
    o.unexpected.push_back({u.at("case_id").get<std::string>(), u.at("variant").get<std::string>(),
                            verdict(u.at("verdict")), verdict(u.at("expected"))});
  for (const auto& u : j.at("unexpected_findings")) {
    UnexpectedFinding f{u.at("kind").get<std::string>(), u.at("name").get<std::string>(),
                        u.at("count").get<std::int64_t>(), std::nullopt, u.at("vanished").get<bool>()};
    if (!u.at("expected_count").is_null()) f.expected_count = u.at("expected_count").get<std::int64_t>();
    o.unexpected_findings.push_back({u.at("case_id").get<std::string>(), u.at("variant").get<std::string>(), f});
  }
  for (const auto& u : j.at("unexpected_order_dependent_writes")) o.unexpected_order_writes.push_back(order_write(u));
  for (const auto& u : j.at("unexpected_latent_writes")) o.unexpected_latent_writes.push_back(order_write(u));
  o.internal_errors = j.at("internal_errors").get<std::vector<std::string>>();
  return o;
}

}  // namespace clampbench
