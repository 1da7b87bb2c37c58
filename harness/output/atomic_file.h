// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Every file the harness writes for others to read (results, traces, a dump's manifest, the
// Google Benchmark report) appears whole or not at all: a reader never sees half of one.

#include <string>

namespace clampbench {

// Throws std::runtime_error naming the path when the file cannot be written; leaves no
// temporary file behind either way.
void write_file_atomically(const std::string& path, const std::string& contents);

}  // namespace clampbench
