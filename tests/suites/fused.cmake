# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
# Tests of the `fused` variant: for every suite's quick points, fused == clamp
# bitwise, the fused call allocates exactly its outputs, persistent inputs stay unchanged.
# Two helpers write the groups (test_fused_<group>.cpp), hence the glob. The same sources
# build twice: for host, and with CLAMPBENCH_TEST_ON_CUDA for cuda (test suites *Gpu, skipped
# without a device, label gpu).
file(GLOB CLAMPBENCH_FUSED_TESTS CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/test_fused_*.cpp)

add_executable(test_suites_fused ${CLAMPBENCH_FUSED_TESTS})
target_link_libraries(test_suites_fused PRIVATE clampbench::suites GTest::gtest GTest::gtest_main)
target_compile_options(test_suites_fused PRIVATE -Wall -Wextra)
gtest_discover_tests(test_suites_fused
  TEST_FILTER "-*Gpu.*"
  PROPERTIES SKIP_REGULAR_EXPRESSION "\\[  SKIPPED \\]")

add_executable(test_suites_fused_gpu ${CLAMPBENCH_FUSED_TESTS})
target_compile_definitions(test_suites_fused_gpu PRIVATE CLAMPBENCH_TEST_ON_CUDA=1)
target_link_libraries(test_suites_fused_gpu PRIVATE clampbench::suites GTest::gtest GTest::gtest_main)
target_compile_options(test_suites_fused_gpu PRIVATE -Wall -Wextra)
gtest_discover_tests(test_suites_fused_gpu
  PROPERTIES LABELS gpu SKIP_REGULAR_EXPRESSION "\\[  SKIPPED \\]")
