// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// NumPy .npy v1.0 files (little endian, C order) of host views, for --dump.

#include <string>

#include "harness/checks/tensor_compare.h"

namespace clampbench::detail {

// The full file contents: magic, header padded to a multiple of 64 bytes, then the data.
std::string npy_bytes(const HostTensor& t);
// Throws std::runtime_error naming the path on failure.
void write_npy(const std::string& path, const HostTensor& t);

}  // namespace clampbench::detail
