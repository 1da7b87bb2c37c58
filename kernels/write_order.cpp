// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The thread's stack of open write-order scopes. Nested scopes all see each record, as the
// ledger's do; a thread's scopes are its own, so no lock is needed.

#include "kernels/write_order.h"

#include <stdexcept>
#include <utility>

namespace clampbench {
namespace {
struct Caught {
  std::vector<OrderDependentWrite> order_dependent;
  std::vector<ViewWrite> view_writes;
};
thread_local std::vector<Caught> scopes;
}  // namespace

namespace write_order {
namespace detail {
thread_local int open_scopes = 0;
}

void record(const OrderDependentWrite& write) {
  for (auto& scope : scopes) scope.order_dependent.push_back(write);
}

void record(const ViewWrite& write) {
  for (auto& scope : scopes) scope.view_writes.push_back(write);
}
}  // namespace write_order

WriteOrderScope::WriteOrderScope() : depth_(scopes.size()) {
  scopes.emplace_back();
  write_order::detail::open_scopes = static_cast<int>(scopes.size());
}

WriteOrderScope::~WriteOrderScope() {
  if (open_ && scopes.size() == depth_ + 1) close();  // misnested: left to close() to report
}

std::vector<OrderDependentWrite> WriteOrderScope::close() {
  if (!open_) throw std::logic_error("WriteOrderScope::close: scope already closed");
  if (scopes.size() != depth_ + 1) throw std::logic_error("WriteOrderScope::close: not the innermost scope");
  open_ = false;
  Caught caught = std::move(scopes.back());
  scopes.pop_back();
  write_order::detail::open_scopes = static_cast<int>(scopes.size());
  view_writes_ = std::move(caught.view_writes);
  return std::move(caught.order_dependent);
}

}  // namespace clampbench
