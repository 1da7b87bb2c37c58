// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// make_tracer() in a host-only build: there is nothing for CUPTI to trace.

#include "harness/cupti/source_tracer.h"

namespace clampbench::cupti {

std::unique_ptr<Tracer> make_tracer(bool /*want_cuda*/) { return make_unavailable_tracer("built without CUDA"); }

}  // namespace clampbench::cupti
