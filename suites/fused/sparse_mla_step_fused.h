// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The `fused` variant of sparse_mla_step: each builder's outputs written into its own buffers
// by sparse_mla_slot_mapping's fused step (one pass per builder); the shared table read --
// negatives as 0 for the two sparse-MLA slot mappings, as they are for C128A and the indexer,
// as clamp leaves them -- and never written. No allocation at all.

#include "suites/suite.h"

namespace clampbench::suites::fused {

Outputs fused_sparse_mla_step(CaseData& data, const ParamPoint& p);

}  // namespace clampbench::suites::fused
