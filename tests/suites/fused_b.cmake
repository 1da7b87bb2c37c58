# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
# Tests of the `fused` variant of the n-gram, Step3.5 and sparse-MLA suites
# (fused.cmake holds the others'). The same source builds twice: for host, and
# with CLAMPBENCH_TEST_ON_CUDA for cuda (test suites *Gpu, skipped without a device, label gpu).
set(CLAMPBENCH_FUSED_B_TESTS ${CMAKE_CURRENT_LIST_DIR}/test_fusedb_ngram_slot.cpp)

add_executable(test_suites_fused_b ${CLAMPBENCH_FUSED_B_TESTS})
target_link_libraries(test_suites_fused_b PRIVATE clampbench::suites GTest::gtest GTest::gtest_main)
target_compile_options(test_suites_fused_b PRIVATE -Wall -Wextra)
gtest_discover_tests(test_suites_fused_b
  TEST_FILTER "-*Gpu.*"
  PROPERTIES SKIP_REGULAR_EXPRESSION "\\[  SKIPPED \\]")

add_executable(test_suites_fused_b_gpu ${CLAMPBENCH_FUSED_B_TESTS})
target_compile_definitions(test_suites_fused_b_gpu PRIVATE CLAMPBENCH_TEST_ON_CUDA=1)
target_link_libraries(test_suites_fused_b_gpu PRIVATE clampbench::suites GTest::gtest GTest::gtest_main)
target_compile_options(test_suites_fused_b_gpu PRIVATE -Wall -Wextra)
gtest_discover_tests(test_suites_fused_b_gpu
  PROPERTIES LABELS gpu SKIP_REGULAR_EXPRESSION "\\[  SKIPPED \\]")
