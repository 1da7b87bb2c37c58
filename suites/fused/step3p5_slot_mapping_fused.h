// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The `fused` variant of step3p5_slot_mapping: every draft step's slot mapping of
// every non-primary group written straight into the group's buffer, and the last draft
// positions into the proposer's positions buffer. No allocation at all.

#include "suites/suite.h"

namespace clampbench::suites::fused {

Outputs fused_step3p5_slot_mapping(CaseData& data, const ParamPoint& p);

}  // namespace clampbench::suites::fused
