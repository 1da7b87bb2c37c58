// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The fused floor of static_sink: per KV-cache group, the raised seq_lens and the table behind
// the sink's blocks written into the builder's own buffers in one pass; nothing allocated on
// the device, the runner's seq_lens and table only read.

#include "suites/suite.h"

namespace clampbench::suites::fused {

Outputs fused_static_sink(CaseData& data, const ParamPoint& p);

}  // namespace clampbench::suites::fused
