// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// WriteOrderLog: indexed writes whose result depends on the order of their writes. An op that
// writes through an index (scatter_, scatter_masked_) and hits one destination several times
// with differing values reports it here; a fused builder that does the same reports itself.
// Also every in-place write through a view (ViewWrite: clamp_, fill_, copy_, masked_fill_,
// scatter_), whether or not it changed a value: a write into storage that others read is a
// latent hazard even when it happens to leave the bytes as they were.
// Mirrors the ledger's scopes: the harness opens one around each builder call and reads what
// it caught. Per thread, and one thread-local test when no scope is open.

#include <cstdint>
#include <string>
#include <vector>

#include "kernels/tensor.h"

namespace clampbench {

struct OrderDependentWrite {
  // The destination's storage. Identity only, never dereferenced: the harness compares it
  // with the storages of buffers that outlive the call, so no freed address can match.
  const Storage* storage = nullptr;
  std::string op;
  std::int64_t duplicates = 0;     // destinations written more than once with differing values
  std::int64_t first_element = 0;  // the lowest of them, in elements from the storage's start
};

// One in-place op's write through a view. Elements are distinct storage elements (a write
// through an expanded view covers each once); changed ones hold other bytes afterwards.
struct ViewWrite {
  const Storage* storage = nullptr;  // identity only, as above
  std::string op;
  std::string view;                  // "[sizes] strides [strides] offset N", in elements
  std::int64_t elements_written = 0;
  std::int64_t elements_changed = 0;
};

namespace write_order {
namespace detail {
extern thread_local int open_scopes;
}
// True while a scope is open on this thread: ops only look for duplicates then.
inline bool recording() { return detail::open_scopes > 0; }
// Appends to every open scope of this thread; a no-op when none is open.
void record(const OrderDependentWrite& write);
void record(const ViewWrite& write);
}  // namespace write_order

// RAII scope: WriteOrderScope s; ...builder...; std::vector<OrderDependentWrite> w = s.close();
class WriteOrderScope {
 public:
  WriteOrderScope();
  ~WriteOrderScope();
  WriteOrderScope(const WriteOrderScope&) = delete;
  WriteOrderScope& operator=(const WriteOrderScope&) = delete;
  // What was recorded while the scope was open; closes it (it must be the innermost).
  std::vector<OrderDependentWrite> close();
  // The view writes recorded while the scope was open, in order; after close().
  const std::vector<ViewWrite>& view_writes() const { return view_writes_; }

 private:
  std::size_t depth_;
  bool open_ = true;
  std::vector<ViewWrite> view_writes_;
};

}  // namespace clampbench
