# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
# Included by tests/kernels/CMakeLists.txt. The caching-policy tests run everywhere (a fake
# segment source stands in for cudaMalloc); the CUDA op tests need a device, carry the label
# "gpu" and skip without one. Nothing here touches CUDA at static-init time, so
# gtest_discover_tests can list the tests on a machine without a GPU.

add_executable(test_caching_allocator
  test_caching_policy.cpp
  test_caching_reuse.cpp
  test_caching_allocator.cpp
)
target_link_libraries(test_caching_allocator PRIVATE clampbench::kernels GTest::gtest GTest::gtest_main)
gtest_discover_tests(test_caching_allocator PROPERTIES SKIP_REGULAR_EXPRESSION "\\[  SKIPPED \\]")

add_executable(test_cuda_ops test_cuda_ops.cpp)
target_link_libraries(test_cuda_ops PRIVATE clampbench::kernels GTest::gtest GTest::gtest_main)
gtest_discover_tests(test_cuda_ops TEST_FILTER "*Gpu*"
  PROPERTIES SKIP_REGULAR_EXPRESSION "\\[  SKIPPED \\]" LABELS gpu)
gtest_discover_tests(test_cuda_ops TEST_FILTER "-*Gpu*"
  PROPERTIES SKIP_REGULAR_EXPRESSION "\\[  SKIPPED \\]")
