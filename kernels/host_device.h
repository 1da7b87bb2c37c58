// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// CB_HD: a function compiled for the host and, by nvcc, for a device too (inlined on both), so
// that a host loop and a kernel compute bit-identical results from one source.

#if defined(__CUDACC__)
#define CB_HD __host__ __device__ __forceinline__
#else
#define CB_HD inline
#endif
