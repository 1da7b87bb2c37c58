// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The registry: each suite file registers its factory at static-initialization time
// (CLAMPBENCH_REGISTER_SUITE); the suites are built once, on first use, and listed by name.

#include <algorithm>
#include <stdexcept>
#include <utility>

#include "suites/suite.h"

namespace clampbench {

namespace {
// A function-local static: registrars in other files may run before this file's statics.
std::vector<Suite (*)()>& registrations() {
  static std::vector<Suite (*)()> list;
  return list;
}
}  // namespace

SuiteRegistrar::SuiteRegistrar(Suite (*make)()) { registrations().push_back(make); }

const std::vector<Suite>& all_suites() {
  static const std::vector<Suite> suites = [] {
    std::vector<Suite> v;
    for (const auto make : registrations()) v.push_back(make());
    std::sort(v.begin(), v.end(), [](const Suite& a, const Suite& b) { return a.name < b.name; });
    const auto twice = std::adjacent_find(v.begin(), v.end(), [](const Suite& a, const Suite& b) { return a.name == b.name; });
    if (twice != v.end()) throw std::logic_error("two registered suites are named '" + twice->name + "'");
    return v;
  }();
  return suites;
}

const Suite* find_suite(const std::string& name) {
  for (const auto& s : all_suites()) {
    if (s.name == name) return &s;
  }
  return nullptr;
}

}  // namespace clampbench
