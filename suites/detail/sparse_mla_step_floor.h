// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The floor of sparse_mla_step (its `fused` variant), too big for the suite file.

#include "suites/suite.h"

namespace clampbench::suites::detail {

// Three passes of the fused sparse-MLA step, one per builder, which read the table and never
// write it, so their order does not matter. C128A's pass also writes
// the request index into the buffer of whichever sparse-MLA builder runs first (the one
// token_to_req_indices caches); the C4A and indexer passes write only their slot mappings (no
// request index, no C128A rows). The indexer's decode block table is a view, as in clamp; its
// other metadata go into its decode buffers and the case's room for its prefill chunks.
Outputs sparse_mla_step_floor(CaseData& data, const ParamPoint& p);

}  // namespace clampbench::suites::detail
