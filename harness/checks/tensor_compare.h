// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The check pass's comparisons: byte-for-byte equality of tensors (outputs of a variant vs the
// reference's) and before/after differences of input buffers. Everything works on host
// views (host tensors as they are, cuda ones copied), so the same code checks both.

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "kernels/tensor.h"
#include "suites/suite.h"

namespace clampbench {

// A tensor's elements (of the view, not of its whole storage) as contiguous host memory: the
// tensor itself when it already is one, else a host copy. Viewing rather than copying keeps
// the check pass from holding a second copy of every input (the nightly set's largest case
// has 136 MiB of them per variant); the price is that a view sees later writes, so the
// harness views only what is no longer written: the pristine inputs, a variant's inputs
// after its measured call (readers get them const), outputs.
struct HostTensor {
  bool defined = false;
  DType dtype = DType::Int32;
  Dims shape;
  Tensor host;  // contiguous, on host; shares the viewed tensor's storage when it could
  std::int64_t numel() const { return defined ? shape.numel() : 0; }
  const unsigned char* data() const { return defined ? static_cast<const unsigned char*>(host.data_ptr()) : nullptr; }
  std::size_t nbytes() const { return defined ? host.nbytes() : 0; }
};
HostTensor host_view(const Tensor& t);
// One element's value as the results show it: an integer (bool as 0/1), a float, or the
// strings "nan", "inf", "-inf"; none (null) when there is no element.
using ElementValue = std::variant<std::monostate, std::int64_t, double, std::string>;
// Element `flat` (C order).
ElementValue element_value(const HostTensor& t, std::int64_t flat);
std::vector<std::int64_t> unravel(const Dims& shape, std::int64_t flat);

struct TensorMismatch {
  std::string name;              // output name, written buffer name, or "reader/output"
  std::string source = "output"; // "output" | "written_input" | "reader"
  std::int64_t count = 0;        // mismatching elements (all of them when `reason` is set)
  std::vector<std::int64_t> first_index;
  ElementValue reference, value;    // the first mismatching pair; none when `reason` is set
  std::string reason;               // dtype/shape/presence difference, else empty
};

struct ChangedElement {
  std::vector<std::int64_t> index;
  ElementValue before, after;
};

struct BufferChange {
  std::string buffer;
  Role role = Role::Fresh;
  std::int64_t changed = 0;
  std::vector<ChangedElement> first;  // at most kMaxChangedListed, in C order
};
inline constexpr int kMaxChangedListed = 5;

// Empty optional when bitwise equal (same dtype, same shape, same bytes).
std::optional<TensorMismatch> compare_tensors(const std::string& name, const HostTensor& reference,
                                              const HostTensor& value);
// Matches outputs by name; an output missing on either side is a mismatch too.
std::vector<TensorMismatch> compare_outputs(const Outputs& reference, const Outputs& value,
                                            const std::string& source = "output",
                                            const std::string& prefix = "");
// Empty optional when the buffer is unchanged.
std::optional<BufferChange> diff_buffer(const std::string& name, Role role, const HostTensor& before,
                                        const HostTensor& after);

}  // namespace clampbench
