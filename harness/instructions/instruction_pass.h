// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The instruction pass of the recipe (runner.h): per variant that ran without error, one
// fresh clone of the inputs, one warm-up call (the caching allocator reaches its steady
// state, as in the allocation pass), then counted calls on the same clone. Perf counts move
// by a few instructions between calls (interrupt skid), so the smallest of three is kept;
// callgrind counts the same program path exactly, so one call is enough. Host cases only:
// a CUDA builder's host count includes the driver's spin-waits on the device.

#include <string>
#include <vector>

#include "harness/case_result.h"
#include "harness/instructions/instruction_counter.h"
#include "suites/suite.h"

namespace clampbench {

// Sets VariantResult::instructions; returns one line per count that failed.
std::vector<std::string> instruction_pass(const Suite& suite, CaseResult& r, const CaseData& inputs,
                                          InstructionCounter& counter);

}  // namespace clampbench
