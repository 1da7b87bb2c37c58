// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The `fused` variant of sparse_mla_slot_mapping (spec 7): the compressed slot mapping written
// into its builder-owned buffer, the shared block table read (negatives as 0) and left as it
// was. No allocation at all.

#include "suites/suite.h"

namespace clampbench::suites::fused {

Outputs fused_sparse_mla_slot_mapping(CaseData& data, const ParamPoint& p);

}  // namespace clampbench::suites::fused
