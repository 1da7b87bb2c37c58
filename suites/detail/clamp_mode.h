// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The one switch between the `clamp` and `clamp_` variants of every builder: the
// same bounds applied out of place (a new tensor, one allocation) or in place (none).

#include <optional>

#include "kernels/ops.h"

namespace clampbench::suites::detail {

enum class ClampMode { OutOfPlace, InPlace };

inline Tensor clamp_as(ClampMode mode, Tensor t, std::optional<Scalar> min,
                       std::optional<Scalar> max = std::nullopt) {
  if (mode == ClampMode::OutOfPlace) return clamp(t, min, max);
  clamp_(t, min, max);  // t shares storage with the caller's tensor: that tensor changes
  return t;
}

}  // namespace clampbench::suites::detail
