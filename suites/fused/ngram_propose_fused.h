// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The `fused` variant of ngram_propose: the declared scatter into the persistent
// token_ids, as clamp writes it, num_tokens_tmp and combined_mask, its two allocations.

#include "suites/suite.h"

namespace clampbench::suites::fused {

Outputs fused_ngram_propose(CaseData& data, const ParamPoint& p);

}  // namespace clampbench::suites::fused
