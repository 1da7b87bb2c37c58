// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The refusal of a cuda case by a host-only fused builder (host tensors in vLLM): a Device error.

#include <string_view>

#include <fmt/format.h>

#include "kernels/error.h"
#include "suites/suite.h"

namespace clampbench::suites::detail {

inline void require_host(const CaseData& data, std::string_view builder) {
  CB_CHECK(data.device == DeviceType::Host, ErrorKind::Device,
           "fused {}: a host-only builder given a cuda case", builder);
}

}  // namespace clampbench::suites::detail
