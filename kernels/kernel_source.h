// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// What a suite's kernel file (suites/<name>.cu) includes: the custom kernel's CB_HD and its
// one-line registration, CLAMPBENCH_CUSTOM_KERNEL(ns::Body). The file is one source read
// twice: nvcc compiles it alone (a CUDA build), and there the registration defines the body's
// device launch; its suite file includes it, so that the floor's host loop inlines the body,
// and there the registration is nothing, as nvcc's object already has the launch. The grid
// emulator's build compiles the suite file only, so there the registration is the launch.
// nvcc never sees the floor: it cannot compile fmt, which the host side uses throughout.

#include "kernels/custom_kernel.h"

#if CLAMPBENCH_KERNEL_SOURCE
#include "kernels/cuda/custom_kernel_launch.cuh"
#else
#define CLAMPBENCH_CUSTOM_KERNEL(Body) static_assert(true, "nvcc compiles this body's launch from its .cu")
#endif
