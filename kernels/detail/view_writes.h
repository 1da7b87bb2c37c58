// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// WriteWatch: how an in-place op reports its write through a view (kernels/write_order.h).
// Built before the write, it snapshots the view's elements on the host; done() after the write
// counts the distinct storage elements written and those whose bytes changed, and records
// them. Does nothing while no write-order scope is open, so timed runs pay nothing.

#include <cstdint>
#include <vector>

#include "kernels/detail/backend.h"
#include "kernels/write_order.h"

namespace clampbench::detail {

class WriteWatch {
 public:
  WriteWatch(const Tensor& view, const char* op);
  // Every element of the view was written (clamp_, fill_, copy_).
  void done();
  // Only the view's elements (C order) where `written` is nonzero (masked_fill_'s mask).
  void done(const std::vector<unsigned char>& written);
  // Only these storage elements (scatter_'s destinations; repeats count once).
  void done_at(const std::vector<std::int64_t>& storage_elements);

 private:
  void finish(std::int64_t written);
  bool on_ = false;
  Tensor view_;
  const char* op_;
  std::vector<unsigned char> before_;
};

// An in-place op's one kernel: `args` write `self` and only it (args.out), watched while they do.
void launch_in_place(const ElementwiseArgs& args, const Tensor& self, const char* name);

// t's elements in C order, converted to `as`, as bytes (a device tensor through host scratch).
std::vector<unsigned char> host_bytes(const Tensor& t, DType as);

}  // namespace clampbench::detail
