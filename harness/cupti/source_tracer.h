// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The two Tracers behind make_tracer(): one over a RecordSource (CUPTI on a GPU, the fake in
// tests), and one that is unavailable for a stated reason. Neither throws from begin_scope or
// end_scope: a failure inside a scope comes back as ScopeStats{available = false, reason}.

#include <memory>
#include <string>

#include "harness/cupti/record_source.h"
#include "harness/cupti/tracer.h"

namespace clampbench::cupti {

// Starts the source; if it does not come up, the tracer is unavailable with its reason.
std::unique_ptr<Tracer> make_source_tracer(std::unique_ptr<RecordSource> source);

std::unique_ptr<Tracer> make_unavailable_tracer(std::string reason);

}  // namespace clampbench::cupti
