// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Reading one callgrind dump file back (callgrind's "callgrind format", version 1): the
// trigger that wrote it and its event total.

#include <cstdint>
#include <istream>
#include <string>

namespace clampbench::detail {

// The instruction total ("summary:" or "totals:", events Ir) of a dump written by
// CALLGRIND_DUMP_STATS_AT(label). Throws std::runtime_error naming what is missing or when
// the dump was triggered by something other than that label. Read a line at a time into a
// fixed buffer: the dump names the program's path and the source files, and text of their
// length on the heap would move the counts of the calls counted after it.
std::int64_t callgrind_dump_total(std::istream& dump, const std::string& label);

}  // namespace clampbench::detail
