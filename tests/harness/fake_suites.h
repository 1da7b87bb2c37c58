// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Small host suites built to exercise every path of the harness: equal variants that save an
// allocation, a mismatching variant, a variant that mutates a Persistent input, variants that
// write a PersistentWritable buffer (rightly and wrongly), and variants that throw.

#include <vector>

#include "suites/suite.h"

namespace clampbench::testing {

// x int32 [2, 3] = {5, 6, -1, 7, -3, 8}, Persistent, in every suite below.
//   fake_same:      clamp (2 allocs: add + clamp), clamp_ (1 alloc: add)       -> same, same
//   fake_mismatch:  clamp, clamp_wrong (min 1 instead of 0)                    -> same, output_mismatch
//   fake_mutation:  clamp, clamp_ (x.clamp_ in place; reader counts x < 0)     -> same, mutation
//   fake_writable:  clamp, clamp_ (both fill `slots` with 7), clamp_badwrite (8), clamp_elsewhere
//                   (leaves `slots` alone)                        -> same, same, output_mismatch, same
//   fake_throw:     clamp, clamp_ (throws std::runtime_error "boom")           -> same, error
Suite make_fake_same();
Suite make_fake_mismatch();
Suite make_fake_mutation();
Suite make_fake_writable();
Suite make_fake_throw();
// fake_empty: clamp (max of x, 1 alloc) and clamp_ (nothing) both return no outputs, as a
// builder whose vLLM function returns None does                             -> same, same
Suite make_fake_empty();
// clamp_ throws TensorError(ErrorKind::Device): a CUDA failure, exit code 3.
Suite make_fake_device_error();

// The five suites of the happy path (no device error), in that order.
std::vector<Suite> fake_suites();

}  // namespace clampbench::testing
