// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The `fused` variant of sparse_mla_slot_mapping: the compressed slot mapping, the
// request index and the C128A metadata written into the builder-owned buffers; the shared block
// table read (negatives as 0 for the slot mapping, as they are for C128A, as clamp leaves them)
// and never written. No allocation at all.

#include "suites/suite.h"

namespace clampbench::suites::fused {

Outputs fused_sparse_mla_slot_mapping(CaseData& data, const ParamPoint& p);

}  // namespace clampbench::suites::fused
