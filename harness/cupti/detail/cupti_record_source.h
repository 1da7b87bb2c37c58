// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The CUPTI-backed RecordSource (cupti_record_source.cpp; CUDA builds only). CUPTI allows one
// subscriber per process, so only one such source can be started at a time: a second one
// reports itself unavailable until the first is stopped.

#include <memory>

#include "harness/cupti/record_source.h"

namespace clampbench::cupti::detail {

std::unique_ptr<RecordSource> make_cupti_record_source();

}  // namespace clampbench::cupti::detail
