// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The one switch between the `clamp` and `clamp_` variants of every builder: the
// same bounds applied out of place (a new tensor, one allocation) or in place (none).

#include <optional>
#include <source_location>

#include "kernels/ops.h"

namespace clampbench::suites::detail {

// InPlaceNaive is in place too, for a builder whose in-place form must also move a test that
// read the unclamped value before the clamp: it leaves that test after it (the canary
// variant, clamp_naive, that the output check must flag).
enum class ClampMode { OutOfPlace, InPlace, InPlaceNaive };

// `where` defaults to the caller's line, so that clamp's allocation is tagged with the
// builder's own call site (what `explain` and traces name), not this helper's.
inline Tensor clamp_as(ClampMode mode, Tensor t, std::optional<Scalar> min, std::optional<Scalar> max = std::nullopt,
                       std::source_location where = std::source_location::current()) {
  if (mode == ClampMode::OutOfPlace) return clamp(t, min, max, where);
  clamp_(t, min, max);  // t shares storage with the caller's tensor: that tensor changes
  return t;
}

}  // namespace clampbench::suites::detail
