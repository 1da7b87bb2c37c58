// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/session/progress.h"

#include <map>

#include <fmt/format.h>

#include "harness/output/terminal_text.h"

namespace clampbench {

std::string progress_line(std::size_t index, std::size_t total, const CaseResult& c) {
  const int width = static_cast<int>(fmt::format("{}", total).size());
  std::string line = fmt::format("[{:>{}}/{}] {} {} ", index, width, total, c.suite, c.params.label());
  for (const auto& v : c.variants) {
    const bool ok = v.verdict == v.expected_verdict;
    line += fmt::format(" {} {}", v.name, ok && v.findings_as_expected() ? "✓" : "✗");
    if (v.verdict != Verdict::Same || !ok) line += verdict_name(v.verdict);
    if (!ok) line += fmt::format(" (expected {})", verdict_name(v.expected_verdict));
    // Outputs and buffers the expectation does not name (or names with another count), and
    // named ones that did not show: a new fault beside a known one of the same class.
    for (const auto& f : v.unexpected_findings) {
      const char* what = f.kind == "mutation" ? "changed" : "differ";
      if (f.vanished) line += fmt::format(" {}({}, expected, none)", f.kind, f.name);
      else if (f.expected_count) line += fmt::format(" {}({}, {} {}, expected {})", f.kind, f.name, f.count, what, *f.expected_count);
      else line += fmt::format(" {}({}, {} {}, unexpected)", f.kind, f.name, f.count, what);
    }
    // Beside the verdict: order-dependent writes into runner buffers, and known ones missing.
    for (const auto& f : v.order_dependent_writes)
      line += fmt::format(" order_dependent_write({}{})", f.buffer, f.expected ? "" : ", unexpected");
    for (const auto& b : v.order_writes_vanished) line += fmt::format(" order_dependent_write({}, expected, none)", b);
    // And in-place writes into read-only (Persistent) buffers, even when no value changed.
    for (const auto& f : v.latent_writes)
      line += fmt::format(" latent_write({}, {}, {} written, {} changed{})", f.buffer, f.op, f.elements_written,
                          f.elements_changed, f.expected ? "" : ", unexpected");
    for (const auto& b : v.latent_writes_vanished) line += fmt::format(" latent_write({}, expected, none)", b);
    if (v.error) line += fmt::format(" [{}]", *v.error);
  }
  line += fmt::format("  {:.2f}s", c.elapsed_s);
  return terminal_text(line);  // names and an error's text are data
}

std::string verdict_table(const std::vector<CaseResult>& cases) {
  // suite -> variant -> verdict -> count, suites in run order
  std::vector<std::string> order;
  std::map<std::string, std::map<std::string, std::map<std::string, int>>> counts;
  for (const auto& c : cases) {
    if (!counts.count(c.suite)) order.push_back(c.suite);
    for (const auto& v : c.variants) {
      ++counts[c.suite][v.name][verdict_name(v.verdict)];
      if (!v.order_dependent_writes.empty()) ++counts[c.suite][v.name]["order_dependent_writes"];
      if (!v.latent_writes.empty()) ++counts[c.suite][v.name]["latent_writes"];
    }
  }
  std::string out = fmt::format("{:<28} {:<12} {}\n", "suite", "variant", "verdicts");
  for (const auto& s : order) {
    for (const auto& [variant, verdicts] : counts[s]) {
      std::string list;
      for (const auto& [verdict, n] : verdicts) list += fmt::format("{}{} {}", list.empty() ? "" : ", ", verdict, n);
      out += fmt::format("{:<28} {:<12} {}\n", s, variant, list);
    }
  }
  return out;
}

}  // namespace clampbench
