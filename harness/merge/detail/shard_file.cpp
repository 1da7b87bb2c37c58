// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/merge/detail/shard_file.h"

#include <fstream>

#include <fmt/format.h>

#include "harness/output/output_path.h"
#include "harness/results/environment.h"
#include "harness/results_json/reader.h"
#include "harness/results_json/writer.h"
#include "harness/usage_error.h"

namespace clampbench::detail {

using json = nlohmann::json;

ShardFile load_shard(const std::string& path) {
  if (std::string why = check_input_file(path); !why.empty()) throw UsageError(fmt::format("merge: {}", why));
  std::ifstream in(path, std::ios::binary);
  if (!in) throw UsageError(fmt::format("merge: cannot read '{}'", path));
  const json doc = json::parse(in, nullptr, false);
  if (doc.is_discarded()) throw UsageError(fmt::format("merge: '{}' is not JSON", path));
  if (!doc.is_object() || doc.value("tool", "") != "clampbench" || doc.value("schema_version", 0) != kSchemaVersion ||
      !doc.contains("environment") || !doc["environment"].is_object() || !doc.contains("cases") ||
      !doc["cases"].is_array() || !doc.contains("outcome") || !doc["outcome"].is_object())
    throw UsageError(fmt::format("merge: '{}' is not a clampbench results file of schema v{}", path, kSchemaVersion));
  ShardFile f{path, doc["environment"], {}, 0, {}, {}, false};
  const json shard = f.environment.value("shard", json(nullptr));
  if (!shard.is_object()) throw UsageError(fmt::format("merge: '{}' is not a shard (its run had no --shard)", path));
  if (shard.value("index", json(nullptr)).is_null())
    throw UsageError(fmt::format("merge: '{}' is already a merge of {} shards", path, shard.value("count", json(0)).dump()));
  if (doc["outcome"].value("status", "") == "interrupted")
    throw UsageError(fmt::format("merge: '{}' is an interrupted shard ({} of {} cases): finish it with run --resume", path,
                                 doc["cases"].size(), doc["outcome"].value("cases_planned", json(nullptr)).dump()));
  std::string part = "environment";
  try {
    f.env = read_environment(doc["environment"]);
    f.index = *f.env.shard->index;
    part = "outcome";
    f.outcome = read_outcome(doc["outcome"]);
    for (const auto& c : doc["cases"]) {
      part = fmt::format("case {}", c.is_object() ? c.value("case_id", json(nullptr)).dump() : c.dump());
      f.cases.push_back(read_case(c));
      for (const auto& v : c.at("variants")) f.with_traces = f.with_traces || v.contains("allocation_trace");
    }
  } catch (const std::exception& e) {  // nlohmann's type and key errors too
    throw UsageError(fmt::format("merge: '{}': its {} cannot be read: {}", path, part, read_error_text(e, doc)));
  }
  return f;
}

std::string clock_warning(const ShardFile& f, std::time_t now) {
  // The reader let through only a time it can parse (read_environment).
  const auto time = parse_utc_iso8601(f.env.time);
  if (!time || *time - now <= kClockSlackS) return "";
  return fmt::format("merge: '{}' started at {}, {} s after this clock's {} (runner clock ahead?)", f.path, f.env.time,
                     *time - now, utc_iso8601(now));
}

}  // namespace clampbench::detail
