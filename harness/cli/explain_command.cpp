// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// `clampbench explain SUITE [--case ID]`: runs one case on the host in its variants and says,
// op by op, which allocations one variant saves against another (default clamp vs clamp_) and
// what each costs the host (ops, launches, syncs and the ops behind them);
// optionally writes the case's allocation traces as a Chrome trace file. Its options are in
// the option table (detail/command_options.cpp).

#include <fstream>
#include <ostream>

#include <fmt/format.h>

#include "harness/cli/commands.h"
#include "harness/checks/allocation_diff.h"
#include "harness/checks/host_cost_diff.h"
#include "harness/cli/options.h"
#include "harness/cupti/tracer.h"
#include "harness/output/output_path.h"
#include "harness/results_json/writer.h"
#include "harness/verdicts/expectations.h"
#include "harness/runner/runner.h"
#include "harness/results/trace_export.h"

namespace clampbench {
namespace {

// The case `label` ("R=8,B=16" or "suite/R=8,B=16") from any size set; the first quick one
// when empty.
ParamPoint find_point(const Suite& s, std::string label) {
  if (label.rfind(s.name + "/", 0) == 0) label = label.substr(s.name.size() + 1);
  for (SizeSet set : {SizeSet::Quick, SizeSet::Nightly, SizeSet::Full}) {
    for (const ParamPoint& p : s.points(set))
      if (label.empty() || p.label() == label) return p;
  }
  throw UsageError(fmt::format("suite '{}' has no case '{}'", s.name, label));
}

const VariantResult& variant_of(const CaseResult& r, const std::string& name) {
  for (const auto& v : r.variants)
    if (v.name == name) return v;
  throw UsageError(fmt::format("suite '{}' has no variant '{}'", r.suite, name));
}

std::string totals(const VariantResult& v) {
  std::uint64_t bytes = 0;
  for (const auto& a : v.allocation_trace) bytes += a.bytes;
  return fmt::format("{}: {} allocations, {} B", v.name, v.allocation_trace.size(), bytes);
}

}  // namespace

std::string explain_case(const CaseResult& r, const std::string& base, const std::string& head, bool all) {
  const VariantResult& b = variant_of(r, base);
  std::string out = fmt::format("{} ({})\n", r.case_id, device_name(r.device));
  for (const auto& v : r.variants) {
    out += "  " + totals(v) + (v.error ? " [" + *v.error + "]" : "") + "\n";
    if (v.host_cost) out += "    host cost: " + describe(*v.host_cost) + "\n";
  }
  for (const auto& v : r.variants) {
    if (v.name == base || (!all && v.name != head)) continue;
    out += describe_diff(v.name, diff_allocations(b.allocation_trace, v.allocation_trace)) + "\n";
    if (b.host_cost && v.host_cost) out += describe_diff(v.name, *b.host_cost, *v.host_cost) + "\n";
  }
  if (!all) variant_of(r, head);  // an unknown --head is an error even when nothing printed
  return out;
}

int explain_command(const std::vector<std::string>& args, const std::vector<Suite>& suites, std::ostream& out) {
  const CommandArgs parsed = parse_command_args(Command::Explain, args);
  const ExplainArgs& e = parsed.explain;
  if (e.suite.empty()) throw UsageError("explain needs a suite (clampbench list)");
  if (!e.trace_out.empty())  // before the case runs, not after
    if (std::string why = check_output_file(e.trace_out); !why.empty()) throw UsageError("--trace-out: " + why);
  const Suite* suite = nullptr;
  for (const auto& s : suites)
    if (s.name == e.suite) suite = &s;
  if (suite == nullptr) throw UsageError(fmt::format("unknown suite '{}' (clampbench list)", e.suite));
  const ParamPoint point = find_point(*suite, e.case_label);
  RunConfig config;
  config.timing = false;
  config.use_cuda = false;  // explain runs every case on the host
  const Expectations none;
  std::unique_ptr<cupti::Tracer> tracer = cupti::make_tracer(false);
  Runner runner(config, none, *tracer, nullptr);
  const CaseResult r = runner.run_case(*suite, point);
  out << explain_case(r, e.base, e.head, e.all);
  if (!e.trace_out.empty()) write_file_atomically(e.trace_out, chrome_trace({r}).dump() + "\n");
  return 0;
}

}  // namespace clampbench
