// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// Size-set and role names, parameter points and axes, and a suite's points (the cartesian
// product of its axes for a size set, filtered by accept) and variant lookup.

#include "suites/suite.h"

#include <algorithm>
#include <stdexcept>

namespace clampbench {

bool parse_size_set(const std::string& text, SizeSet& out) {
  if (text == "quick") { out = SizeSet::Quick; return true; }
  if (text == "nightly") { out = SizeSet::Nightly; return true; }
  if (text == "full") { out = SizeSet::Full; return true; }
  return false;
}

const char* size_set_name(SizeSet s) {
  switch (s) {
    case SizeSet::Quick: return "quick";
    case SizeSet::Nightly: return "nightly";
    case SizeSet::Full: return "full";
  }
  return "?";
}

const char* role_name(Role r) {
  switch (r) {
    case Role::Fresh: return "fresh";
    case Role::Persistent: return "persistent";
    case Role::PersistentWritable: return "persistent_writable";
  }
  return "?";
}

// ---- ParamPoint ----------------------------------------------------------------------------

void ParamPoint::set(const std::string& name, std::int64_t value) {
  for (auto& [n, v] : values_) {
    if (n == name) { v = value; return; }
  }
  values_.emplace_back(name, value);
}

std::int64_t ParamPoint::get(const std::string& name) const {
  for (const auto& [n, v] : values_) {
    if (n == name) return v;
  }
  throw std::out_of_range("ParamPoint has no parameter '" + name + "' (point " + label() + ")");
}

bool ParamPoint::has(const std::string& name) const {
  for (const auto& [n, v] : values_) {
    if (n == name) return true;
  }
  return false;
}

std::string ParamPoint::label() const {
  std::string out;
  for (const auto& [n, v] : values_) {
    if (!out.empty()) out += ',';
    out += n + '=' + std::to_string(v);
  }
  return out;
}

const std::vector<std::int64_t>& Axis::values(SizeSet s) const {
  switch (s) {
    case SizeSet::Quick: return quick;
    case SizeSet::Nightly: return nightly;
    case SizeSet::Full: return full;
  }
  return quick;
}

// ---- Suite: points and variants ------------------------------------------------------

std::vector<ParamPoint> Suite::points(SizeSet s) const {
  std::vector<ParamPoint> out;
  for (const auto& a : axes) {
    if (a.values(s).empty()) return out;  // an empty axis makes an empty product
  }
  // Odometer over the axes, the last axis turning fastest.
  std::vector<std::size_t> digit(axes.size(), 0);
  while (true) {
    ParamPoint p;
    for (std::size_t i = 0; i < axes.size(); ++i) p.set(axes[i].name, axes[i].values(s)[digit[i]]);
    if (!accept || accept(p)) out.push_back(std::move(p));
    std::size_t i = axes.size();
    while (i > 0) {
      --i;
      if (++digit[i] < axes[i].values(s).size()) break;
      digit[i] = 0;
      if (i == 0) return out;
    }
    if (axes.empty()) return out;
  }
}

const Variant* Suite::find_variant(const std::string& variant_name) const {
  for (const auto& v : variants) {
    if (v.name == variant_name) return &v;
  }
  return nullptr;
}

bool Suite::declares_outputs(const std::vector<std::string>& names) const {
  std::vector<std::string> fixed, family;
  for (const std::string& n : output_names) (n.find("<k>") == std::string::npos ? fixed : family).push_back(n);
  if (names.size() < fixed.size() || !std::equal(fixed.begin(), fixed.end(), names.begin())) return false;
  const std::size_t rest = names.size() - fixed.size();
  if (family.empty() || rest % family.size() != 0) return rest == 0;
  for (std::size_t i = 0; i < rest; ++i) {
    std::string want = family[i % family.size()];
    want.replace(want.find("<k>"), 3, std::to_string(i / family.size()));
    if (names[fixed.size() + i] != want) return false;
  }
  return true;
}

}  // namespace clampbench
