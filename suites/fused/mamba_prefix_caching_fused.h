// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The fused floor of mamba_prefix_caching: the builder's outputs in one pass, allocating
// only the output tensors it returns.

#include "suites/suite.h"

namespace clampbench::suites::fused {

Outputs fused_mamba_prefix_caching(CaseData& data, const ParamPoint& p);

}  // namespace clampbench::suites::fused
