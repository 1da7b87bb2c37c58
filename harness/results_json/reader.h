// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The results writer's reader (results_json/writer.h): a case and an outcome of a results file
// read back into the typed document, for --resume. What the writer derives (a variant's
// "expected", "saved_vs_reference", "findings.set", the summary) is not read: it is derived
// again, so write -> read -> write gives the same text. A value of the wrong type throws
// std::invalid_argument naming it (nlohmann's own errors for a missing key or a wrong type);
// every integer figure is read by results_json/figures.h (FigureError, naming its place).

#include <nlohmann/json.hpp>

#include "harness/results/case_result.h"
#include "harness/results/outcome.h"
#include "harness/results/document.h"
#include "harness/results_json/figures.h"

namespace clampbench {

CaseResult read_case(const nlohmann::json& j);
Outcome read_outcome(const nlohmann::json& j);
// The "environment" object (results_json/detail/reader_environment.cpp), for `clampbench merge`.
Environment read_environment(const nlohmann::json& j);

// The parts of a case (results_json/detail/reader_case.cpp, results_json/detail/reader_blocks.cpp).
VariantResult read_variant(const nlohmann::json& j);
ElementValue read_element(const nlohmann::json& j);
TensorMismatch read_mismatch(const nlohmann::json& j);
BufferChange read_change(const nlohmann::json& j);
std::optional<CuptiResult> read_cupti(const nlohmann::json& j);
// Null (no ledger) or each device's counters, whose "total" must be their sum (ledger_total).
std::optional<PerDevice> read_ledger(const nlohmann::json& j);
std::optional<Timing> read_timing(const nlohmann::json& j);
// Null or a version-1 block whose by_op and sync_ops add up to its ops and syncs.
std::optional<HostCost> read_host_cost(const nlohmann::json& j);

// Names as the writer writes them, back into their enums; an element index (null: none).
Verdict read_verdict(const nlohmann::json& j);
DeviceType read_device(const nlohmann::json& j);
Role read_role(const nlohmann::json& j);
DType read_dtype(const nlohmann::json& j);
std::vector<std::int64_t> read_index(const nlohmann::json& j);
// An unexpected finding as the variant's "findings" and the outcome list it.
UnexpectedFinding read_finding(const nlohmann::json& j, bool vanished);

}  // namespace clampbench
