// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The check pass's comparisons: byte-for-byte equality of tensors (outputs of a variant vs the
// reference's) and before/after differences of input buffers. Everything works on host
// snapshots, so the same code checks host and cuda cases.

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "kernels/tensor.h"
#include "suites/suite.h"

namespace clampbench {

// A contiguous host copy of a tensor's elements (of the view, not of its whole storage).
struct HostTensor {
  bool defined = false;
  DType dtype = DType::Int32;
  Dims shape;
  std::vector<unsigned char> bytes;
  std::int64_t numel() const { return defined ? shape.numel() : 0; }
};
HostTensor snapshot(const Tensor& t);
// Element `flat` (C order) as a JSON number (bool as 0/1; a NaN as the string "nan").
nlohmann::json element_json(const HostTensor& t, std::int64_t flat);
std::vector<std::int64_t> unravel(const Dims& shape, std::int64_t flat);

struct TensorMismatch {
  std::string name;              // output name, written buffer name, or "reader/output"
  std::string source = "output"; // "output" | "written_input" | "reader"
  std::int64_t count = 0;        // mismatching elements (all of them when `reason` is set)
  std::vector<std::int64_t> first_index;
  nlohmann::json reference, value;  // the first mismatching pair; null when `reason` is set
  std::string reason;               // dtype/shape/presence difference, else empty
};

struct ChangedElement {
  std::vector<std::int64_t> index;
  nlohmann::json before, after;
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

nlohmann::json to_json(const TensorMismatch& m);
nlohmann::json to_json(const BufferChange& c, bool with_first);

}  // namespace clampbench
