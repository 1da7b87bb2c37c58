// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The indexer's prefill chunks, worked by hand from vLLM's split_indexer_prefill_chunks and
// build_prefill_chunk_metadata (v1/attention/backends/mla/indexer.py): the budgets (a request
// per chunk, a request sub-chunked on its queries), the reads the plan makes, a chunk of no
// compressed token, and what one chunk costs. The sparse_mla_step suite's upstream check holds
// the port to vLLM's own code on every quick and nightly case; these cover what those batches
// never reach (one request over the logits budget).

#include <cstdint>
#include <vector>

#include <gtest/gtest.h>

#include "suites/detail/indexer_prefill_chunks.h"
#include "tests/suites/suite_test_util.h"

namespace clampbench::suite_tests {
namespace {

namespace sd = suites::detail;

// Workspace 10 tokens, 20 logits (80 bytes); requests (query, compressed seq) = (2, 4), (1, 5),
// (3, 3), (30, 2), offset 5:
//   0: 2 x 4 = 8 fits, + (1, 5): 3 x 9 = 27 > 20 -> [0, 1), max_q 20 // 4 = 5: queries [0, 2)
//   1: 1 x 5 fits, + (3, 3): 4 x 8 = 32 -> [1, 2), max_q 4: [0, 1)
//   2: 3 x 3 fits, + (30, 2): 33 x 5 -> [2, 3), max_q 6: [0, 3)
//   3: 30 x 2 = 60 alone -> sub-chunked: [3, 4), max_q 10: [0, 10), [10, 20), [20, 30)
// Reads: two per step of the inner loop (7 steps), two more for the request alone: 16.
TEST(CBT_SUITE(IndexerPrefillChunks), BudgetsSplitRequestsThenQueries) {
  const std::vector<std::int64_t> q = {2, 1, 3, 30}, s = {4, 5, 3, 2};
  int reads = 0;
  const auto chunks = sd::split_indexer_prefill_chunks(
      4, [&](std::int64_t i) { return ++reads, q[static_cast<std::size_t>(i)]; },
      [&](std::int64_t i) { return ++reads, s[static_cast<std::size_t>(i)]; }, 10, 80, 5);
  const std::vector<sd::IndexerChunkSpec> want = {{5, 6, 0, 2},   {6, 7, 0, 1},   {7, 8, 0, 3},
                                                  {8, 9, 0, 10},  {8, 9, 10, 20}, {8, 9, 20, 30}};
  EXPECT_EQ(chunks, want);
  EXPECT_EQ(reads, 16);
}

// The workspace alone: (1, 6) twice in 10 tokens -> one chunk each.
TEST(CBT_SUITE(IndexerPrefillChunks), WorkspaceSplitsChunks) {
  const auto chunks = sd::split_indexer_prefill_chunks(
      2, [](std::int64_t) { return std::int64_t{1}; }, [](std::int64_t) { return std::int64_t{6}; }, 10,
      sd::kIndexerMaxLogitsBytes, 0);
  EXPECT_EQ(chunks, (std::vector<sd::IndexerChunkSpec>{{0, 1, 0, 1}, {1, 2, 0, 1}}));
}

// Rows 1..3 of a batch: one decode row, then seq lens 10, 3, 7 (compressed 2, 0, 1) with
// queries 2, 1, 3 at positions 8..9, 2, 4..6; the middle request alone has no compressed token.
struct Batch {
  Tensor qsl = i32({0, 1, 3, 4, 7}, {5});
  Tensor qsl_cpu = from_numpy<std::int32_t>({0, 1, 3, 4, 7}, {5});
  Tensor seq_lens = i32({9, 10, 3, 7}, {4});
  Tensor compressed = i32({2, 2, 0, 1}, {4});
  Tensor compressed_cpu = from_numpy<std::int32_t>({2, 2, 0, 1}, {4});
};

// Requests 1..4: cu_seq_lens {0, 2, 2, 3}; request 1's tokens start at 10 - 2 = 8: ks {0, 0},
// ke {9 // 4, 10 // 4} = {2, 2}; request 2 at 2: ks {2}, ke {2 + 3 // 4} = {2}; request 3 at
// 4: ks {2, 2, 2}, ke 2 + {5, 6, 7} // 4 = {3, 3, 3}. token_to_seq {0, 0, 2}: each request
// over its [cu_seq_lens[b], cu_seq_lens[b + 1]). Cost: 5 allocations, 4 launches (fill_,
// cumsum, sub, the kernel), and three host reads, none of them a sync.
TEST(CBT_SUITE(IndexerPrefillChunks), OneChunkAsVllmBuildsIt) {
  CBT_REQUIRE_DEVICE();
  const Batch b;
  LedgerScope scope(Runtime::current().ledger(), "chunk");
  HostCostScope cost(kDevice);
  const auto chunk = sd::build_prefill_chunk_metadata({1, 4, 0, 6}, b.qsl, b.qsl_cpu, b.seq_lens, b.compressed,
                                                      b.compressed_cpu, 4);
  const HostCost c = cost.close();
  const LedgerCounters counters = scope.close()[static_cast<int>(kDevice)];
  ASSERT_TRUE(chunk.has_value());
  EXPECT_EQ(ints(chunk->cu_seq_lens), (std::vector<std::int32_t>{0, 2, 2, 3}));
  EXPECT_EQ(ints(chunk->cu_seqlen_ks), (std::vector<std::int32_t>{0, 0, 2, 2, 2, 2}));
  EXPECT_EQ(ints(chunk->cu_seqlen_ke), (std::vector<std::int32_t>{2, 2, 2, 3, 3, 3}));
  EXPECT_EQ(ints(chunk->token_to_seq), (std::vector<std::int32_t>{0, 0, 2}));
  EXPECT_EQ(counters.allocations, 5u);
  EXPECT_EQ(c.launches, 4);
  EXPECT_EQ(c.syncs, 0);
  EXPECT_EQ(c.by_op.at("empty"), 4);
  EXPECT_EQ(c.by_op.at("item"), 3);
}

// A query slice keeps its tokens only: [2, 5) of the chunk's 6 -> ks/ke of 3.
TEST(CBT_SUITE(IndexerPrefillChunks), QuerySliceKeepsItsTokens) {
  CBT_REQUIRE_DEVICE();
  const Batch b;
  const auto chunk = sd::build_prefill_chunk_metadata({1, 4, 2, 5}, b.qsl, b.qsl_cpu, b.seq_lens, b.compressed,
                                                      b.compressed_cpu, 4);
  ASSERT_TRUE(chunk.has_value());
  EXPECT_EQ(ints(chunk->cu_seqlen_ks), (std::vector<std::int32_t>{2, 2, 2}));
  EXPECT_EQ(ints(chunk->cu_seqlen_ke), (std::vector<std::int32_t>{2, 3, 3}));
}

// No compressed token: vLLM returns None after one host read; nothing is allocated. The plan
// from values skips such a chunk too.
TEST(CBT_SUITE(IndexerPrefillChunks), ChunkOfNoCompressedTokenIsNone) {
  CBT_REQUIRE_DEVICE();
  const Batch b;
  std::optional<sd::IndexerChunk> chunk;
  LedgerScope scope(Runtime::current().ledger(), "chunk");
  chunk = sd::build_prefill_chunk_metadata({2, 3, 0, 1}, b.qsl, b.qsl_cpu, b.seq_lens, b.compressed, b.compressed_cpu, 4);
  EXPECT_EQ(scope.close()[static_cast<int>(kDevice)].allocations, 0u);
  EXPECT_FALSE(chunk.has_value());
  const auto planned = sd::plan_indexer_chunks({0, 1, 3, 4, 7}, {9, 10, 3, 7}, 1, 4, 1);  // workspace 40
  ASSERT_EQ(planned.size(), 1u);
  EXPECT_EQ(planned[0].spec, (sd::IndexerChunkSpec{1, 4, 0, 6}));
  EXPECT_EQ(planned[0].total_seq_lens, 3);
}

}  // namespace
}  // namespace clampbench::suite_tests
