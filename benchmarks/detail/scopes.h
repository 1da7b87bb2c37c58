// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// N nested LedgerScopes held open around a benchmark loop, closed innermost first (the ledger
// requires it), so that each recorded event is applied to the totals and to N scopes.

#include <memory>
#include <string>
#include <vector>

#include "kernels/ledger.h"

namespace clampbench::bench {

class NestedScopes {
 public:
  NestedScopes(AllocationLedger& ledger, int depth) {
    for (int i = 0; i < depth; ++i)
      scopes_.push_back(std::make_unique<LedgerScope>(ledger, "bench/scope" + std::to_string(i)));
  }
  ~NestedScopes() {
    while (!scopes_.empty()) scopes_.pop_back();
  }
  NestedScopes(const NestedScopes&) = delete;
  NestedScopes& operator=(const NestedScopes&) = delete;

 private:
  std::vector<std::unique_ptr<LedgerScope>> scopes_;
};

}  // namespace clampbench::bench
