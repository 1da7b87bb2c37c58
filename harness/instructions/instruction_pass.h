// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The instruction pass of the recipe (runner/runner.h): per variant that ran without error, one
// warm-up call (the caching allocator reaches its steady state, as in the allocation pass),
// then each counted call on a fresh clone of the inputs, so that an in-place builder counts
// the same path every time. Perf counts move
// by a few instructions between calls (interrupt skid), so the smallest of three is kept;
// callgrind counts the same program path exactly, so one call is enough. Host cases only:
// a CUDA builder's host count includes the driver's spin-waits on the device.

#include <string>
#include <vector>

#include "harness/results/case_result.h"
#include "harness/instructions/instruction_counter.h"
#include "suites/suite.h"

namespace clampbench {

// Sets VariantResult::instructions; returns one line per count that failed. `planted` > 0
// (--plant instructions): each counted call is followed by a loop of that fraction of the
// call's own count, calibrated with the same counter: a known change for the gate's check.
std::vector<std::string> instruction_pass(const Suite& suite, CaseResult& r, const CaseData& inputs,
                                          InstructionCounter& counter, double planted = 0.0);

}  // namespace clampbench
