// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// make_tracer() in a build with CUDA: CUPTI when a device is present and CUPTI subscribes.

#include <exception>

#include <fmt/format.h>

#include "harness/cupti/detail/cupti_record_source.h"
#include "harness/cupti/source_tracer.h"
#include "kernels/device.h"

namespace clampbench::cupti {

std::unique_ptr<Tracer> make_tracer(bool want_cuda) {
  if (!want_cuda) return make_unavailable_tracer("host backend");
  if (!cuda_device_available()) return make_unavailable_tracer("no CUDA device");
  try {
    return make_source_tracer(detail::make_cupti_record_source());
  } catch (const std::exception& e) {
    return make_unavailable_tracer(fmt::format("CUPTI setup failed: {}", e.what()));
  }
}

}  // namespace clampbench::cupti
