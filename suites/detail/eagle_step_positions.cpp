// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The eager port's stand-in for the position update of vLLM's eagle step kernel: a host loop,
// or (on cuda) one kernel on the current stream. Nothing is allocated, as in vLLM.

#include "suites/detail/eagle_step_positions.h"

#include <fmt/format.h>

#include "kernels/custom_kernel.h"
#include "kernels/error.h"
#include "suites/detail/eagle_step_position.h"
#include "suites/detail/tensor_refs.h"

namespace clampbench::suites::detail {

void eagle_step_positions_(Tensor& out, const Tensor& positions, std::int64_t max_model_len) {
  const auto in = detail::ref1<const std::int64_t>(positions, "eagle step positions");
  const auto dst = detail::ref1<std::int64_t>(out, "eagle step out_clamped_positions");
  CB_CHECK(dst.size == in.size, ErrorKind::ShapeMismatch, "eagle step: {} positions into {} slots", in.size,
           dst.size);
  CB_CHECK(out.device() == positions.device(), ErrorKind::Device, "eagle step: positions and out on two devices");
  // Either the very same elements (read, then written, per request) or disjoint storages.
  CB_CHECK(!out.shares_storage_with(positions) || (dst.data == in.data && dst.stride == in.stride),
           ErrorKind::InvalidArgument, "eagle step: out overlaps positions at another offset");
  launch_kernel(out.device(), in.size, EagleStepPositions{in, dst, max_model_len});
}

}  // namespace clampbench::suites::detail
