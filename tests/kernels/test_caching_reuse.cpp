// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// Immediate reuse against the reference path: two policies, one of each, over two fake
// segment sources, driven by the same calls. After every call their answers, every counter
// and every segment call must be identical; the fast path may only be faster.

#include <optional>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "kernels/caching/caching_policy.h"
#include "kernels/error.h"
#include "tests/kernels/fake_segment_source.h"

namespace clampbench::caching {
namespace {

using test::FakeSegmentSource;
constexpr std::size_t KiB = 1024, MiB = 1024 * 1024;
const Stream kS0{};
const Stream kS1{reinterpret_cast<void*>(0x51)};

class Twins {
 public:
  struct Live {
    void* ptr;
    std::size_t bytes;
    Stream stream;
  };

  explicit Twins(std::size_t limit = 0) : fast_src_(limit), ref_src_(limit) {}
  ~Twins() {
    try {
      while (!live.empty()) free_last();
    } catch (const TensorError&) {
      // The twins already diverged, and a test failed saying how.
    }
  }
  Twins(const Twins&) = delete;
  Twins& operator=(const Twins&) = delete;

  // Returns the index of the new live block, or -1 when both ran out of memory.
  int malloc(std::size_t bytes, Stream stream) {
    const std::optional<PolicyAllocation> f = try_malloc(fast_, bytes, stream);
    const std::optional<PolicyAllocation> r = try_malloc(ref_, bytes, stream);
    EXPECT_EQ(f.has_value(), r.has_value()) << bytes << " bytes: only one ran out of memory";
    if (f && r) {
      EXPECT_EQ(f->ptr, r->ptr) << bytes << " bytes";
      EXPECT_EQ(f->size, r->size) << bytes << " bytes";
    }
    expect_same();
    if (!f || !r) return -1;
    live.push_back({f->ptr, bytes, stream});
    return static_cast<int>(live.size()) - 1;
  }
  void free(std::size_t index) {
    fast_.free(live[index].ptr);
    ref_.free(live[index].ptr);
    live.erase(live.begin() + static_cast<std::ptrdiff_t>(index));
    expect_same();
  }
  void free_last() { free(live.size() - 1); }
  // What a builder does every step: free its last temporary, then ask for the same again.
  void again() {
    const Live last = live.back();
    free_last();
    malloc(last.bytes, last.stream);
  }
  void empty_cache() {
    EXPECT_EQ(fast_.empty_cache(), ref_.empty_cache());
    expect_same();
  }
  void reset_stats(bool peaks) {
    for (CachingPolicy* p : {&fast_, &ref_}) peaks ? p->reset_peak_stats() : p->reset_accumulated_stats();
    expect_same();
  }
  std::int64_t reuses() const { return fast_.immediate_reuses(); }
  void expect_same() {
    EXPECT_EQ(ref_.immediate_reuses(), 0);
    ASSERT_EQ(fast_.stats(), ref_.stats());
    ASSERT_EQ(fast_src_.calls.size(), ref_src_.calls.size());
    for (std::size_t i = 0; i < fast_src_.calls.size(); ++i) {
      const auto& f = fast_src_.calls[i];
      const auto& r = ref_src_.calls[i];
      ASSERT_TRUE(f.allocate == r.allocate && f.address == r.address && f.bytes == r.bytes &&
                  f.stream == r.stream)
          << "segment call " << i;
    }
  }

  std::vector<Live> live;

 private:
  static std::optional<PolicyAllocation> try_malloc(CachingPolicy& policy, std::size_t bytes, Stream stream) {
    try {
      return policy.malloc(bytes, stream);
    } catch (const TensorError& e) {
      EXPECT_EQ(e.kind(), ErrorKind::OutOfMemory) << e.what();
      return std::nullopt;
    }
  }
  FakeSegmentSource fast_src_, ref_src_;
  CachingPolicy fast_{fast_src_, CachingPolicy::Reuse::Immediate};
  CachingPolicy ref_{ref_src_, CachingPolicy::Reuse::Reference};
};

TEST(CachingReuse, WarmRoundTripsAreServedImmediately) {
  for (std::size_t bytes : {1ul, 512ul, 4 * KiB, MiB, 4 * MiB, 10 * MiB + 1}) {
    Twins t;
    t.malloc(100, kS0);  // something else allocated in the small pool
    for (int i = 0; i < 10; ++i) {
      t.malloc(bytes, kS0);
      t.free_last();
    }
    EXPECT_EQ(t.reuses(), 9) << bytes;
  }
}

TEST(CachingReuse, RefusedWhenAFreeBlockPrecedesIt) {
  Twins t;
  t.malloc(512, kS0);
  t.malloc(512, kS0);
  t.free(0);  // free, held
  t.free(0);  // the first is returned to the pool; the second now has a free prev
  t.malloc(512, kS0);  // best fit takes the merged block from the segment's start
  EXPECT_EQ(t.reuses(), 0);
}

TEST(CachingReuse, RefusedWhenAnotherBlockFitsBetter) {
  Twins t;
  t.malloc(4 * KiB, kS0);  // a0 at the segment's start
  t.malloc(512, kS0);      // a1 keeps it apart from
  t.malloc(4 * KiB, kS0);  // a2, followed by the free tail
  t.free(0);               // a0 held
  t.free(1);               // a0 back in the pool as a 4 KiB block; a2 held (merged: ~2 MiB)
  t.malloc(4 * KiB, kS0);  // best fit: a0, the smaller block, not the held a2
  EXPECT_EQ(t.live.back().ptr, FakeSegmentSource::segment(0));
  EXPECT_EQ(t.reuses(), 0);
}

TEST(CachingReuse, RefusedWhenTheBlockWasHandedOutWhole) {
  Twins t;
  t.malloc(3 * MiB, kS0);   // a 20 MiB segment: 3 MiB and a 17 MiB tail
  t.malloc(16 * MiB, kS0);  // the tail, whole: the 1 MiB left over is not > 1 MiB, so no split
  t.free_last();            // held: a 17 MiB block
  t.malloc(16 * MiB, kS0);  // 16 MiB != 17 MiB: the reference path decides (and hands out 17 MiB)
  EXPECT_EQ(t.reuses(), 0);
  t.free_last();
  t.malloc(16 * MiB, kS0);
  t.free_last();
  EXPECT_EQ(t.reuses(), 0);
}

TEST(CachingReuse, RefusedOnAnotherStreamOrSize) {
  Twins t;
  t.malloc(4 * KiB, kS0);
  t.free_last();
  t.malloc(4 * KiB, kS1);
  t.free_last();
  t.malloc(8 * KiB, kS1);
  t.free_last();
  t.empty_cache();
  EXPECT_EQ(t.reuses(), 0);
}

TEST(CachingReuse, HeldBlockIsStillCaughtAsADoubleFree) {
  FakeSegmentSource src;
  CachingPolicy policy(src);
  void* p = policy.malloc(64, kS0).ptr;
  policy.free(p);
  EXPECT_THROW(policy.free(p), TensorError);
  EXPECT_EQ(policy.malloc(64, kS0).ptr, p);  // still consistent: the held block is reused
  EXPECT_EQ(policy.immediate_reuses(), 1);
  policy.free(p);
}

TEST(CachingReuse, RandomSequencesMatchTheReference) {
  const std::size_t sizes[] = {1, 500, 512, 4 * KiB, 100 * KiB, MiB, MiB + 1, 4 * MiB, 11 * MiB, 24 * MiB};
  for (unsigned seed : {1u, 2u, 3u, 4u}) {
    Twins t(/*limit=*/96 * MiB);
    std::mt19937 rng(seed);
    for (int step = 0; step < 4000 && !::testing::Test::HasFatalFailure(); ++step) {
      const unsigned r = rng() % 100;
      if (r < 40 || t.live.empty()) {
        const std::size_t bytes = (r % 3 == 0) ? 1 + rng() % (2 * MiB) : sizes[rng() % std::size(sizes)];
        t.malloc(bytes, (rng() % 4 == 0) ? kS1 : kS0);
      } else if (r < 60) {
        t.free_last();  // builders free their temporaries last-in, first-out
      } else if (r < 80) {
        t.again();
      } else if (r < 97) {
        t.free(rng() % t.live.size());
      } else if (r < 99) {
        t.reset_stats(/*peaks=*/r == 97);
      } else {
        t.empty_cache();
      }
    }
    while (!t.live.empty()) t.free_last();
    t.empty_cache();
    EXPECT_GT(t.reuses(), 300) << "seed " << seed << ": the fast path was hardly exercised";
  }
}

}  // namespace
}  // namespace clampbench::caching
