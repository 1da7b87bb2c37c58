// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The fused floor of compressor_block_table: the request index into the builder's buffer and
// the clamped table in one pass, allocating only the table it returns; the runner's table is
// never written.

#include "suites/suite.h"

namespace clampbench::suites::fused {

Outputs fused_compressor_block_table(CaseData& data, const ParamPoint& p);

}  // namespace clampbench::suites::fused
