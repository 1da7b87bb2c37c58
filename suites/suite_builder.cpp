// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The fluent SuiteBuilder, and the validation that makes a registration complete.

#include <set>
#include <stdexcept>
#include <utility>

#include "suites/suite.h"

namespace clampbench {

SuiteBuilder::SuiteBuilder(std::string name) { suite_.name = std::move(name); }

SuiteBuilder& SuiteBuilder::describe(std::string text) {
  suite_.description = std::move(text);
  return *this;
}

SuiteBuilder& SuiteBuilder::source(std::string vllm_file, std::string vllm_function) {
  suite_.vllm_file = std::move(vllm_file);
  suite_.vllm_function = std::move(vllm_function);
  return *this;
}

SuiteBuilder& SuiteBuilder::device(SuiteDevice d) {
  suite_.device = d;
  return *this;
}

SuiteBuilder& SuiteBuilder::axis(std::string name, std::vector<std::int64_t> quick,
                                 std::vector<std::int64_t> nightly, std::vector<std::int64_t> full) {
  suite_.axes.push_back(Axis{std::move(name), std::move(quick), std::move(nightly), std::move(full)});
  return *this;
}

SuiteBuilder& SuiteBuilder::accept(std::function<bool(const ParamPoint&)> predicate) {
  suite_.accept = std::move(predicate);
  return *this;
}

SuiteBuilder& SuiteBuilder::inputs(InputFn fn) {
  suite_.make_inputs = std::move(fn);
  return *this;
}

SuiteBuilder& SuiteBuilder::outputs(std::vector<std::string> names) {
  suite_.output_names = std::move(names);
  return *this;
}

SuiteBuilder& SuiteBuilder::variant(std::string name, std::string description, VariantFn fn) {
  suite_.variants.push_back(Variant{std::move(name), std::move(description), std::move(fn)});
  return *this;
}

SuiteBuilder& SuiteBuilder::clamp_variants(BuildFn build, std::string out_of_place, std::string in_place) {
  using suites::detail::ClampMode;
  variant("clamp", std::move(out_of_place), [build](CaseData& d, const ParamPoint& p) {
    return build(d, p, ClampMode::OutOfPlace);
  });
  return variant("clamp_", std::move(in_place), [build](CaseData& d, const ParamPoint& p) {
    return build(d, p, ClampMode::InPlace);
  });
}

SuiteBuilder& SuiteBuilder::floor(std::string description, VariantFn fn) {
  floor_ = Variant{"fused", std::move(description), std::move(fn)};
  return *this;
}

SuiteBuilder& SuiteBuilder::reader(std::string name, std::string description, ReaderFn fn) {
  suite_.readers.push_back(Reader{std::move(name), std::move(description), std::move(fn)});
  return *this;
}

Suite SuiteBuilder::build() {
  const std::string who = "suite '" + suite_.name + "': ";
  if (suite_.name.empty()) throw std::logic_error("suite registration without a name");
  if (suite_.vllm_file.empty() || suite_.vllm_function.empty()) {
    throw std::logic_error(who + "source(vllm_file, vllm_function) is missing");
  }
  if (!suite_.make_inputs) throw std::logic_error(who + "inputs(generator) is missing");
  if (floor_) suite_.variants.push_back(*std::exchange(floor_, std::nullopt));
  if (suite_.variants.empty()) throw std::logic_error(who + "no variants");
  if (suite_.variants.front().name != "clamp") {
    throw std::logic_error(who + "variants[0] must be the reference 'clamp', got '" +
                           suite_.variants.front().name + "'");
  }
  std::set<std::string> seen;
  for (const auto& v : suite_.variants) {
    if (!v.fn) throw std::logic_error(who + "variant '" + v.name + "' has no function");
    if (!seen.insert(v.name).second) throw std::logic_error(who + "duplicate variant '" + v.name + "'");
  }
  std::set<std::string> axis_names;
  for (const auto& a : suite_.axes) {
    if (!axis_names.insert(a.name).second) throw std::logic_error(who + "duplicate axis '" + a.name + "'");
    if (a.quick.empty() || a.nightly.empty() || a.full.empty()) {
      throw std::logic_error(who + "axis '" + a.name + "' has an empty size set");
    }
  }
  return std::move(suite_);
}

}  // namespace clampbench
