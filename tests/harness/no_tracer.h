// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The CUPTI tracer of the harness tests: the runner only needs the interface, and on host no
// tracer is ever available, so opening a scope on it is a test failure.

#include <string>

#include <gtest/gtest.h>

#include "harness/cupti/tracer.h"

namespace clampbench::testing {

class NoTracer : public cupti::Tracer {
 public:
  bool available() const override { return false; }
  std::string unavailable_reason() const override { return "test: no tracer"; }
  void begin_scope(const std::string&) override { ADD_FAILURE() << "scope opened on an unavailable tracer"; }
  cupti::ScopeStats end_scope() override { return {}; }
};

}  // namespace clampbench::testing
