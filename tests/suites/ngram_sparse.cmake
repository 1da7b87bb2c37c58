# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
# Tests of the n-gram proposer suites and the sparse-MLA slot mapping.
# The same sources build twice: for host, and with CLAMPBENCH_TEST_ON_CUDA for cuda, where
# every test suite is named *Gpu, skips without a device and carries the ctest label gpu.
set(CLAMPBENCH_NGRAM_SPARSE_TESTS
  ${CMAKE_CURRENT_LIST_DIR}/test_ngram_find.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_ngram_propose.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_ngram_update.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_sparse_mla_slot_mapping.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_sparse_mla_table.cpp
)

add_executable(test_suites_ngram_sparse ${CLAMPBENCH_NGRAM_SPARSE_TESTS})
target_link_libraries(test_suites_ngram_sparse PRIVATE clampbench::suites GTest::gtest_main)
target_compile_options(test_suites_ngram_sparse PRIVATE -Wall -Wextra)
gtest_discover_tests(test_suites_ngram_sparse
  PROPERTIES SKIP_REGULAR_EXPRESSION "\\[  SKIPPED \\]")

add_executable(test_suites_ngram_sparse_gpu ${CLAMPBENCH_NGRAM_SPARSE_TESTS})
target_link_libraries(test_suites_ngram_sparse_gpu PRIVATE clampbench::suites GTest::gtest_main)
target_compile_definitions(test_suites_ngram_sparse_gpu PRIVATE CLAMPBENCH_TEST_ON_CUDA=1)
target_compile_options(test_suites_ngram_sparse_gpu PRIVATE -Wall -Wextra)
gtest_discover_tests(test_suites_ngram_sparse_gpu
  PROPERTIES LABELS gpu SKIP_REGULAR_EXPRESSION "\\[  SKIPPED \\]")
