// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// `clampbench explain SUITE [--case ID]`: runs one case on the host in its variants and says,
// op by op, which allocations one variant saves against another (default clamp vs clamp_);
// optionally writes the case's allocation traces as a Chrome trace file.

#include <fstream>
#include <ostream>

#include <fmt/format.h>

#include "harness/allocation_diff.h"
#include "harness/cli/cli.h"
#include "harness/cupti/tracer.h"
#include "harness/output/output_path.h"
#include "harness/results_writer.h"
#include "harness/expectations.h"
#include "harness/runner/runner.h"
#include "harness/trace_export.h"

namespace clampbench {
namespace {

struct ExplainArgs {
  std::string suite, case_label, base = "clamp", head = "clamp_", trace_out;
  bool all = false;
};

ExplainArgs parse(const std::vector<std::string>& args) {
  ExplainArgs e;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= args.size()) throw UsageError(fmt::format("{} needs a value (clampbench explain --help)", a));
      // `--case ""` would explain the first case, `--trace-out ""` write nothing: as for run.
      if (args[i + 1].empty()) throw UsageError(fmt::format("{} '': empty value", a));
      return args[++i];
    };
    if (a == "--case") e.case_label = value();
    else if (a == "--base") e.base = value();
    else if (a == "--head") e.head = value();
    else if (a == "--trace-out") e.trace_out = value();
    else if (a == "--all") e.all = true;
    else if (!a.empty() && a[0] != '-' && e.suite.empty()) e.suite = a;
    else throw UsageError(fmt::format("unknown argument '{}' for explain (clampbench explain --help)", a));
  }
  if (e.suite.empty()) throw UsageError("explain needs a suite (clampbench list)");
  return e;
}

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

std::string explain_usage_text() {
  return R"txt(usage: clampbench explain SUITE [--case ID] [--base NAME] [--head NAME] [--all] [--trace-out FILE]

Runs one case on the host in every variant and prints, op by op, the allocations --head
saves against --base (defaults clamp and clamp_): "clamp_ saves: clamp (int32 [8], 32 B)".
  --case ID            the case label (R=8,B=16) or id (suite/R=8,B=16); default the first quick case
  --all                every variant against --base
  --trace-out FILE     the case's allocation traces as a Chrome trace (Perfetto, chrome://tracing)
  --help, -h           this text
)txt";
}

std::string explain_case(const CaseResult& r, const std::string& base, const std::string& head, bool all) {
  const VariantResult& b = variant_of(r, base);
  std::string out = fmt::format("{} ({})\n", r.case_id, device_name(r.device));
  for (const auto& v : r.variants) out += "  " + totals(v) + (v.error ? " [" + *v.error + "]" : "") + "\n";
  for (const auto& v : r.variants) {
    if (v.name == base || (!all && v.name != head)) continue;
    out += describe_diff(v.name, diff_allocations(b.allocation_trace, v.allocation_trace)) + "\n";
  }
  if (!all) variant_of(r, head);  // an unknown --head is an error even when nothing printed
  return out;
}

int explain_command(const std::vector<std::string>& args, const std::vector<Suite>& suites, std::ostream& out) {
  for (const auto& a : args) {
    if (a == "--help" || a == "-h") {
      out << explain_usage_text();
      return 0;
    }
  }
  const ExplainArgs e = parse(args);
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
