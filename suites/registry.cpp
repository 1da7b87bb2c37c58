// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The registry: each suite file registers its factory at static-initialization time
// (CLAMPBENCH_REGISTER_SUITE); the suites are built once, on first use, in registration order.

#include <algorithm>
#include <stdexcept>
#include <utility>

#include "suites/suite.h"

namespace clampbench {

namespace {
using Registration = std::pair<int, Suite (*)()>;

// A function-local static: registrars in other files may run before this file's statics.
std::vector<Registration>& registrations() {
  static std::vector<Registration> list;
  return list;
}
}  // namespace

SuiteRegistrar::SuiteRegistrar(int order, Suite (*make)()) { registrations().emplace_back(order, make); }

const std::vector<Suite>& all_suites() {
  static const std::vector<Suite> suites = [] {
    std::vector<std::pair<int, Suite>> built;
    for (const auto& [order, make] : registrations()) built.emplace_back(order, make());
    std::sort(built.begin(), built.end(), [](const auto& a, const auto& b) {
      return a.first != b.first ? a.first < b.first : a.second.name < b.second.name;
    });
    std::vector<Suite> v;
    for (auto& [order, suite] : built) {
      if (!v.empty() && std::any_of(v.begin(), v.end(), [&](const Suite& s) { return s.name == suite.name; }))
        throw std::logic_error("two registered suites are named '" + suite.name + "'");
      v.push_back(std::move(suite));
    }
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
