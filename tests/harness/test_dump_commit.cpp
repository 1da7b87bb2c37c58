// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The dump's directory made beside its target and renamed into place: a second dump into a
// filled target fails whole (or, forced, replaces it whole); nothing temporary stays.

#include <gtest/gtest.h>

#include "harness/dump/detail/dump_directory.h"
#include "tests/harness/test_util.h"

namespace clampbench {
namespace {

namespace fs = std::filesystem;

class DumpCommitTest : public ::testing::Test {
 protected:
  void SetUp() override { dir_ = testing::fresh_temp_dir("dump_commit"); }
  void TearDown() override { fs::remove_all(dir_); }
  std::size_t entries() const { return static_cast<std::size_t>(std::distance(fs::directory_iterator(dir_), {})); }
  nlohmann::json manifest() const { return testing::read_json(dir_ / "dump" / "manifest.json"); }
  fs::path dir_;
};

TEST_F(DumpCommitTest, TheManifestCarriesTheHeaderAndNothingShowsBeforeFinish) {
  detail::DumpDirectory d((dir_ / "dump").string(), false, {{"seed", 7}, {"git_commit", "abc"}});
  EXPECT_FALSE(fs::exists(dir_ / "dump"));
  d.finish();
  EXPECT_EQ(manifest()["seed"], 7);
  EXPECT_EQ(manifest()["git_commit"], "abc");
  EXPECT_EQ(entries(), 1u);
}

TEST_F(DumpCommitTest, ASecondDumpIntoAFilledTargetFailsWhole) {
  detail::DumpDirectory first((dir_ / "dump").string(), false, {{"seed", 1}});
  detail::DumpDirectory second((dir_ / "dump").string(), false, {{"seed", 2}});
  first.finish();
  EXPECT_THROW(second.finish(), std::runtime_error);
  EXPECT_EQ(manifest()["seed"], 1);
  EXPECT_EQ(entries(), 1u);  // the second one's directory is gone
}

TEST_F(DumpCommitTest, AForcedDumpReplacesTheEarlierOneWhole) {
  detail::DumpDirectory first((dir_ / "dump").string(), false, {{"seed", 1}});
  first.finish();
  testing::write_text(dir_ / "dump" / "stale.npy", "old");
  detail::DumpDirectory second((dir_ / "dump").string(), true, {{"seed", 2}});
  second.finish();
  EXPECT_EQ(manifest()["seed"], 2);
  EXPECT_FALSE(fs::exists(dir_ / "dump" / "stale.npy"));
  EXPECT_EQ(entries(), 1u);
}

TEST_F(DumpCommitTest, AnAbandonedDumpLeavesNothing) {
  {
    detail::DumpDirectory d((dir_ / "dump").string(), false, {});
    EXPECT_EQ(entries(), 1u);  // its temporary directory
  }
  EXPECT_EQ(entries(), 0u);
}

}  // namespace
}  // namespace clampbench
