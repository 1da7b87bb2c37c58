// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The results writer on a hand-built document (the exact text), and its reader: write ->
// read -> write gives the same text.

#include <gtest/gtest.h>

#include "harness/results_json/reader.h"
#include "harness/results_json/writer.h"

namespace clampbench {
namespace {

// One case of two variants holding every block the writer writes.
CaseResult small_case() {
  CaseResult c;
  c.suite = "s";
  c.case_id = "s/R=8";
  c.params.set("R", 8);
  VariantResult ref;
  ref.name = "clamp";
  ref.ledger_valid = true;
  ref.ledger[0].allocations = 3;
  ref.ledger[0].bytes_requested = 96;
  ref.cupti = CuptiResult{cupti::ScopeStats{}, {}};
  ref.cupti->stats.reason = "no CUDA device";
  VariantResult v;
  v.name = "clamp_";
  v.verdict = v.expected_verdict = Verdict::Mutation;
  v.expectation_reason = "in place";
  v.ledger_valid = true;
  v.ledger[0].allocations = 1;
  v.ledger[0].bytes_requested = 32;
  v.ledger[0].peak_bytes = -8;
  v.mutations.push_back({"idx", Role::Persistent, 2, {{{0}, std::int64_t{-1}, std::int64_t{0}}, {{3}, 2.5, std::string("nan")}}});
  v.output_mismatches.push_back({"out", "output", 1, {1}, std::int64_t{4}, std::int64_t{5}, ""});
  v.latent_writes.push_back({"idx", "clamp_", "[0:4]", 1, 4, 2, true, "known"});
  v.order_writes_vanished = {"slots"};
  v.findings_listed = true;
  v.unexpected_findings.push_back({"output", "out", 1, std::nullopt, false});
  v.instructions = 1234;
  v.host_cost = HostCost{2, {{"clamp_", 1}, {"item", 1}}, 1, 1, {{"item", 1}}, 0, 1, 0};
  v.allocation_trace.push_back({0, "clamp", "", DType::Int64, Dims{4}, 32, DeviceType::Host, -1});
  v.allocation_trace_dropped = 2;
  Timing t;
  t.primary = "wall";
  t.repetitions = 2;
  t.wall = {20, 12, 28, 20, 14.5, {10, 30}};  // median, p10, p90, mean, stdev, samples
  t.paired = Stats{0.375, 0.275, 0.475, 0.375, 0.125, {0.5, 0.25}};
  t.paired_vs = "clamp";
  v.timing = t;
  c.variants = {ref, v};
  return c;
}

TEST(ResultsWriter, ACaseExactly) {
  const std::string text = to_json(small_case(), true).dump();
  const std::string expected =
      R"({"case_id":"s/R=8","device":"host","params":{"R":8},"suite":"s",)"
      R"("variants":[{"allocations":{"cupti":{"available":false,"reason":"no CUDA device"},)"
      R"("ledger":{"host":{"allocations":3,"bytes_requested":96,"bytes_reserved":0,"frees":0,"peak_bytes":0,)"
      R"("segment_bytes_created":0,"segments_created":0,"segments_released":0},"total":{"allocations":3,)"
      R"("bytes_requested":96,"bytes_reserved":0,"frees":0,"peak_bytes":0,"segment_bytes_created":0,)"
      R"("segments_created":0,"segments_released":0}},"pytorch":null},"checks":{"consequences":[],)"
      R"("mutations":[],"outputs":{"equal":true,"mismatches":[]},"writes":[]},"error":null,)"
      R"("expectation_reason":null,"expected":true,"expected_verdict":"same","findings":{"as_expected":true,)"
      R"("listed":false,"set":[],"unexpected":[],"vanished":[]},"host_cost":null,"instructions":null,)"
      R"("latent_writes":{"as_expected":true,"findings":[],"vanished":[]},"name":"clamp",)"
      R"("order_dependent_writes":{"as_expected":true,"findings":[],"vanished":[]},)"
      R"("saved_vs_reference":{"allocations":0,"bytes_requested":0},"timing":null,"verdict":"same"},)"
      R"({"allocation_trace":{"allocations":[{"bytes":32,"device":"host","dtype":"int64","freed_at":null,)"
      R"("op":"clamp","seq":0,"shape":[4],"tag":null}],"total":3,"truncated":2},)"
      R"("allocations":{"cupti":{"available":false,"reason":"the builder call failed"},)"
      R"("ledger":{"host":{"allocations":1,"bytes_requested":32,"bytes_reserved":0,"frees":0,"peak_bytes":-8,)"
      R"("segment_bytes_created":0,"segments_created":0,"segments_released":0},"total":{"allocations":1,)"
      R"("bytes_requested":32,"bytes_reserved":0,"frees":0,"peak_bytes":-8,"segment_bytes_created":0,)"
      R"("segments_created":0,"segments_released":0}},"pytorch":null},"checks":{"consequences":[],)"
      R"("mutations":[{"buffer":"idx","changed":2,"first":[{"after":0,"before":-1,"index":[0]},)"
      R"({"after":"nan","before":2.5,"index":[3]}],"role":"persistent"}],"outputs":{"equal":false,)"
      R"("mismatches":[{"count":1,"first_index":[1],"output":"out","reference":4,"source":"output",)"
      R"("value":5}]},"writes":[]},"error":null,"expectation_reason":"in place","expected":true,)"
      R"("expected_verdict":"mutation","findings":{"as_expected":false,"listed":true,"set":[{"count":1,)"
      R"("kind":"output","name":"out"},{"count":2,"kind":"mutation","name":"idx"}],"unexpected":[{"count":1,)"
      R"("expected_count":null,"kind":"output","name":"out"}],"vanished":[]},)"
      R"("host_cost":{"by_op":{"clamp_":1,"item":1},"check_syncs":0,"d2h_copies":1,"h2d_copies":0,"launches":1,)"
      R"("ops":2,"sync_ops":{"item":1},"syncs":1,"version":1},"instructions":1234,)"
      R"("latent_writes":{"as_expected":true,"findings":[{"buffer":"idx","calls":1,"elements_changed":2,)"
      R"("elements_written":4,"expected":true,"op":"clamp_","reason":"known","view":"[0:4]"}],"vanished":[]},)"
      R"("name":"clamp_","order_dependent_writes":{"as_expected":false,"findings":[],"vanished":["slots"]},)"
      R"("saved_vs_reference":{"allocations":2,"bytes_requested":64},"timing":{"converged":false,)"
      R"("cpu":{"mean":0.0,"median":0.0,"p10":0.0,"p90":0.0,"samples":[],"stdev":0.0},"device":null,)"
      R"("iterations":0,"noise":0.0,"paired":{"ratio":{"mean":0.375,"median":0.375,"p10":0.275,"p90":0.475,)"
      R"("samples":[0.5,0.25],"stdev":0.125},"vs":"clamp"},"primary":"wall","repetitions":2,)"
      R"("rounds":0,"stop_reason":"","unit":"ns","wall":{"mean":20.0,"median":20.0,"p10":12.0,"p90":28.0,)"
      R"("samples":[10.0,30.0],"stdev":14.5}},"verdict":"mutation"}]})";
  EXPECT_EQ(text, expected);
}

TEST(ResultsWriter, TheFrameAndTheInterruption) {
  RunDocument doc;
  doc.cases = {small_case()};
  doc.outcome = compute_outcome(doc.cases, {});
  doc.interruption = Interruption{15, 7};
  const nlohmann::json j = to_json(doc);
  EXPECT_EQ(j.at("summary").dump(),
      R"([{"cases":1,"suite":"s","variants":{"clamp":{"allocations_saved_per_call":{"max":0,"min":0},)"
      R"("bytes_saved_per_call":{"max":0,"min":0},"latent_writes":0,"order_dependent_writes":0,)"
      R"("share_of_floor_gap":null,"unexpected":0,"verdicts":{"same":1}},)"
      R"("clamp_":{"allocations_saved_per_call":{"max":2,"min":2},"bytes_saved_per_call":{"max":64,"min":64},)"
      R"("latent_writes":1,"order_dependent_writes":0,"share_of_floor_gap":null,"unexpected":1,)"
      R"("verdicts":{"mutation":1}}}}])");
  EXPECT_EQ(j.at("outcome").dump(),
      R"({"cases_planned":7,"exit_code":143,"internal_errors":[],"signal":"SIGTERM","status":"interrupted",)"
      R"("unexpected":[],"unexpected_findings":[{"case_id":"s/R=8","count":1,"expected_count":null,)"
      R"("kind":"output","name":"out","vanished":false,"variant":"clamp_"}],"unexpected_latent_writes":[],)"
      R"("unexpected_order_dependent_writes":[{"buffer":"slots","case_id":"s/R=8","vanished":true,)"
      R"("variant":"clamp_"}]})");
  EXPECT_FALSE(j.at("environment").contains("machine_load"));  // the run has not ended
  EXPECT_EQ(results_text(doc, {case_text(doc.cases[0], false)}), j.dump(2) + "\n");
}

TEST(ResultsReader, WriteReadWriteIsTheSameText) {
  const CaseResult c = small_case();
  for (bool traces : {true, false}) {
    const nlohmann::json written = to_json(c, traces);
    EXPECT_EQ(to_json(read_case(written), traces).dump(2), written.dump(2));
  }
  const Outcome o = compute_outcome(std::vector<CaseResult>{c}, {"an error"});
  EXPECT_EQ(to_json(read_outcome(to_json(o))).dump(), to_json(o).dump());
}

TEST(ResultsReader, AWrongTypeIsAnError) {
  nlohmann::json j = to_json(small_case(), false);
  j["variants"][1]["verdict"] = "sideways";
  EXPECT_THROW(read_case(j), std::invalid_argument);
  j = to_json(small_case(), false);
  j["variants"][0]["checks"]["mutations"] = 3;
  EXPECT_THROW(read_case(j), std::exception);
}

}  // namespace
}  // namespace clampbench
