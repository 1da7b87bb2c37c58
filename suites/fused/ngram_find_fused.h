// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The `fused` variant of ngram_find: one kernel on cuda, one loop on host, and no
// allocation but the draft_tokens output.

#include "suites/suite.h"

namespace clampbench::suites::fused {

Outputs fused_ngram_find(CaseData& data, const ParamPoint& p);

}  // namespace clampbench::suites::fused
