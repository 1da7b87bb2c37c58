// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/output/atomic_file.h"

// write_file_atomically of atomic_file.h: a sibling temporary file made
// with mkstemp (a fresh name, so two runs never share one), fully written, then rename(2) --
// atomic within one file system. The write goes through a symlink to the file it names. The
// temporary file is named after this process, so the one a SIGKILL left is removed by the
// next write beside the same target once its process is gone (output/orphaned_dirs.h).

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <set>
#include <stdexcept>

#include <fmt/format.h>

#include "harness/output/orphaned_dirs.h"
#include "harness/output/output_path.h"

namespace clampbench {

namespace {
// The mode a new file gets from open(2) with 0666: what the umask allows.
mode_t default_file_mode() {
  const mode_t mask = ::umask(0);
  ::umask(mask);
  return 0666 & ~mask;
}

// A run rewrites its results after every case: the directory is read for orphans once a target.
void remove_orphans_once(const std::filesystem::path& parent, const std::string& stem) {
  static std::mutex mutex;
  static std::set<std::string> tidied;
  const std::lock_guard<std::mutex> lock(mutex);
  if (tidied.insert((parent / stem).string()).second) remove_orphaned_dirs(parent, stem, /*files=*/true);
}

[[noreturn]] void fail(int fd, const std::string& tmp, const std::string& what) {
  const int err = errno;
  if (fd >= 0) ::close(fd);
  ::unlink(tmp.c_str());
  throw std::runtime_error(fmt::format("{}: {}", what, std::strerror(err)));
}
}  // namespace

void write_file_atomically(const std::string& path, const std::string& contents) {
  const std::filesystem::path target = resolve_output(path);
  struct stat st {};
  const bool exists = ::stat(target.c_str(), &st) == 0;
  if (exists && !S_ISREG(st.st_mode)) throw std::runtime_error(fmt::format("'{}' is not a regular file", path));
  std::error_code ec;
  if (!target.parent_path().empty()) std::filesystem::create_directories(target.parent_path(), ec);
  const std::string stem = temp_sibling_stem(target, "tmp", kPidSuffixLength);
  remove_orphans_once(target.parent_path(), stem);
  std::string tmp = (target.parent_path() / fmt::format("{}{}-XXXXXX", stem, ::getpid())).string();
  const int fd = ::mkstemp(tmp.data());
  if (fd < 0) fail(-1, "", fmt::format("cannot create a temporary file next to '{}'", path));
  if (::fchmod(fd, exists ? (st.st_mode & 07777) : default_file_mode()) != 0)
    fail(fd, tmp, fmt::format("cannot set the mode of '{}'", tmp));
  for (std::size_t done = 0; done < contents.size();) {
    const ssize_t n = ::write(fd, contents.data() + done, contents.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) fail(fd, tmp, fmt::format("cannot write '{}'", path));
    done += static_cast<std::size_t>(n);
  }
  if (::close(fd) != 0) fail(-1, tmp, fmt::format("cannot write '{}'", path));
  if (std::rename(tmp.c_str(), target.c_str()) != 0) fail(-1, tmp, fmt::format("cannot rename '{}' to '{}'", tmp, path));
}

}  // namespace clampbench
