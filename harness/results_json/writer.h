// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The one writer of the results document (results/SCHEMA.md, v1): the typed document
// (results/document.h) in, JSON out. results_json/writer.cpp writes the summary, the outcome and
// the file's text, results_json/detail/writer_environment.cpp the environment, results_json/detail/writer_case.cpp a
// case and its variants, results_json/detail/writer_blocks.cpp the blocks a variant holds. Nothing else
// builds the results' JSON; results_json/reader.h reads it back.

#include <cstddef>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/output/atomic_file.h"  // the results file and its siblings are written whole
#include "harness/results/document.h"

namespace clampbench {

inline constexpr int kSchemaVersion = 1;
inline constexpr std::size_t kTraceLimit = 256;  // allocation_trace entries per variant

nlohmann::json to_json(const RunDocument& doc);
nlohmann::json to_json(const Environment& e);
nlohmann::json to_json(const Outcome& o, const std::optional<Interruption>& interruption = std::nullopt);
// The "summary" rows of `cases`: per suite, per variant.
nlohmann::json summary_json(const std::vector<CaseResult>& cases);
nlohmann::json to_json(const CaseResult& c, bool with_traces);

// The parts of a case, each the block results/SCHEMA.md names.
nlohmann::json to_json(const ElementValue& v);
nlohmann::json to_json(const TensorMismatch& m);
nlohmann::json to_json(const BufferChange& c, bool with_first);
nlohmann::json to_json(const cupti::ScopeStats& s);  // without "cross_check"
nlohmann::json to_json(const cupti::CrossCheck& check);
nlohmann::json to_json(const std::optional<CuptiResult>& cupti);  // the whole "cupti" block
nlohmann::json findings_json(const VariantResult& vr);
// The "host_cost" block, versioned (kHostCostVersion); null where the call failed.
inline constexpr int kHostCostVersion = 1;
nlohmann::json to_json(const std::optional<HostCost>& cost);
// {"allocations": [...], "total": N, "truncated": N - kept}
nlohmann::json trace_json(const std::vector<TracedAllocation>& trace, std::size_t dropped = 0,
                          std::size_t limit = kTraceLimit);

// The file's text: to_json(doc).dump(2) and a newline, where `case_texts` (case_text of each
// of doc.cases, kept from earlier writes) stand for the cases: a write after every case then
// costs a copy of their text, not serializing the whole run again.
std::string results_text(const RunDocument& doc, const std::vector<std::string>& case_texts);
// A case as results_text places it in the "cases" array.
std::string case_text(const CaseResult& c, bool with_traces);

}  // namespace clampbench
