// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The `fused` variant of ngram_update: next_token_ids, valid_sampled_tokens_count
// and valid_sampled_token_ids in one pass, three allocations (the outputs) and nothing else.

#include "suites/suite.h"

namespace clampbench::suites::fused {

Outputs fused_ngram_update(CaseData& data, const ParamPoint& p);

}  // namespace clampbench::suites::fused
