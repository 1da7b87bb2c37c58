// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// Output targets (harness/output/output_path.h) and the atomic write through them: symlinks
// followed, special files refused, temporary names within NAME_MAX, identity by inode.

#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <climits>

#include "harness/output/atomic_file.h"
#include "harness/output/output_path.h"
#include "tests/harness/test_util.h"

namespace clampbench {
namespace {

namespace fs = std::filesystem;

class OutputPathTest : public ::testing::Test {
 protected:
  void SetUp() override { dir_ = testing::fresh_temp_dir("output_path"); }
  void TearDown() override { fs::remove_all(dir_); }
  std::vector<std::string> names() const {
    std::vector<std::string> out;
    for (const auto& e : fs::directory_iterator(dir_)) out.push_back(e.path().filename().string());
    std::sort(out.begin(), out.end());
    return out;
  }
  fs::path dir_;
};

TEST_F(OutputPathTest, ASymlinkIsFollowedAndWrittenThrough) {
  fs::create_symlink("a.json", dir_ / "link.json");
  fs::create_symlink("link.json", dir_ / "link2.json");
  EXPECT_EQ(resolve_output((dir_ / "link2.json").string()), dir_ / "a.json");
  write_file_atomically((dir_ / "link2.json").string(), "x\n");
  EXPECT_TRUE(fs::is_symlink(dir_ / "link.json"));
  EXPECT_TRUE(fs::is_symlink(dir_ / "link2.json"));
  std::ifstream in(dir_ / "a.json");
  EXPECT_EQ(std::string(std::istreambuf_iterator<char>(in), {}), "x\n");
  EXPECT_EQ(names(), (std::vector<std::string>{"a.json", "link.json", "link2.json"}));
}

TEST_F(OutputPathTest, SpecialFilesAndDirectoriesAreRefused) {
  ASSERT_EQ(::mkfifo((dir_ / "fifo").c_str(), 0600), 0);
  fs::create_directory(dir_ / "d");
  fs::create_symlink("/dev/null", dir_ / "null");
  EXPECT_NE(check_output_file((dir_ / "fifo").string()).find("a FIFO"), std::string::npos);
  EXPECT_NE(check_output_file((dir_ / "d").string()).find("a directory"), std::string::npos);
  EXPECT_NE(check_output_file((dir_ / "null").string()).find("a character device"), std::string::npos);
  EXPECT_THROW(write_file_atomically((dir_ / "fifo").string(), "x"), std::runtime_error);
  EXPECT_EQ(check_output_file((dir_ / "new" / "deeper" / "r.json").string()), "");
  EXPECT_FALSE(fs::exists(dir_ / "new"));  // the check makes nothing
}

TEST_F(OutputPathTest, AMissingDirectoryIsRefusedWhereAsked) {
  const std::string target = (dir_ / "new" / "deeper" / "r.json").string();
  EXPECT_EQ(check_output_file(target, MissingDirectory::Make), "");
  EXPECT_EQ(check_output_file(target, MissingDirectory::Refuse),
            "directory '" + (dir_ / "new" / "deeper").string() + "' of '" + target + "' does not exist");
  EXPECT_EQ(check_output_file((dir_ / "r.json").string(), MissingDirectory::Refuse), "");
  EXPECT_EQ(names(), std::vector<std::string>{});  // neither check makes anything
}

TEST_F(OutputPathTest, TemporaryNamesStayWithinNameMax) {
  const std::string name(NAME_MAX, 'n');
  const fs::path tmpl = temp_sibling_template(dir_ / name, "tmp");
  EXPECT_LE(tmpl.filename().string().size(), static_cast<std::size_t>(NAME_MAX));
  EXPECT_EQ(tmpl.parent_path(), dir_);
  // A stem leaves the room asked for (the dump's "<pid>-XXXXXX").
  EXPECT_EQ(temp_sibling_stem(dir_ / name, "dump", 17).size() + 17, static_cast<std::size_t>(NAME_MAX));
  EXPECT_EQ(temp_sibling_stem(dir_ / "d", "dump", 17), ".d.dump.");
  write_file_atomically((dir_ / name).string(), "x\n");
  EXPECT_EQ(names(), std::vector<std::string>{name});
  // A multi-byte character is never cut in two.
  std::string wide;
  while (wide.size() < NAME_MAX - 3) wide += "\xc3\xa9";  // é
  const std::string cut = fs::path(temp_sibling_template(dir_ / wide, "tmp")).filename().string();
  EXPECT_EQ(cut.substr(0, cut.find(".tmp.")).size() % 2, 1u);  // "." + whole "é"s
}

TEST_F(OutputPathTest, SameOutputComparesWhatPathsResolveTo) {
  testing::write_text(dir_ / "a.json", "{}");
  fs::create_hard_link(dir_ / "a.json", dir_ / "hard.json");
  fs::create_symlink("a.json", dir_ / "soft.json");
  fs::create_directory(dir_ / "sub");
  const std::string a = (dir_ / "a.json").string();
  EXPECT_TRUE(same_output(a, (dir_ / "hard.json").string()));
  EXPECT_TRUE(same_output(a, (dir_ / "soft.json").string()));
  EXPECT_TRUE(same_output(a, (dir_ / "sub" / ".." / "a.json").string()));
  EXPECT_TRUE(same_output((dir_ / "x.json").string(), (dir_ / "sub" / ".." / "x.json").string()));  // neither exists
  EXPECT_FALSE(same_output(a, (dir_ / "b.json").string()));
}

TEST_F(OutputPathTest, OutputInsideADirectory) {
  fs::create_symlink("real", dir_ / "alias");
  EXPECT_TRUE(output_inside((dir_ / "d" / "r.json").string(), (dir_ / "d").string()));
  EXPECT_TRUE(output_inside((dir_ / "real" / "x" / "r.json").string(), (dir_ / "alias").string()));
  EXPECT_FALSE(output_inside((dir_ / "d2" / "r.json").string(), (dir_ / "d").string()));
  EXPECT_FALSE(output_inside((dir_ / "r.json").string(), (dir_ / "d").string()));
}

TEST_F(OutputPathTest, ADumpDirectoryMustBeAbsentEmptyOrForced) {
  EXPECT_EQ(check_output_dir((dir_ / "dump").string(), false), "");
  fs::create_directory(dir_ / "dump");
  EXPECT_EQ(check_output_dir((dir_ / "dump").string(), false), "");
  testing::write_text(dir_ / "dump" / "f", "x");
  EXPECT_NE(check_output_dir((dir_ / "dump").string(), false).find("--force"), std::string::npos);
  EXPECT_EQ(check_output_dir((dir_ / "dump").string(), true), "");
  EXPECT_NE(check_output_dir((dir_ / "dump" / "f").string(), true).find("not a directory"), std::string::npos);
  EXPECT_NE(check_output_dir(".", true).find("current directory"), std::string::npos);
}

}  // namespace
}  // namespace clampbench
