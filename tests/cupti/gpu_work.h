// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Host entry point of test_cupti_gpu's kernel (kept in a .cu so the test itself is plain C++).

namespace clampbench::cupti::testing {

void launch_fill(int* out, int n, int value);  // out[i] = value for i < n, on the default stream

}  // namespace clampbench::cupti::testing
