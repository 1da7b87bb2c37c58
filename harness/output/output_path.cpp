// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/output/output_path.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <system_error>
#include <vector>

#include <fmt/format.h>

namespace clampbench {

namespace fs = std::filesystem;

namespace {
// What a non-regular file is, for the one-line refusal.
const char* kind_of(mode_t mode) {
  if (S_ISREG(mode)) return "a regular file";
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISLNK(mode)) return "a symlink loop";
  return "not a regular file";
}

fs::path directory_of(const fs::path& target) {
  const fs::path dir = target.parent_path();
  return dir.empty() ? fs::path(".") : dir;
}

// Proves this process can make a file in `dir`, by making one (and the directories still
// missing); then removes all it made: a refused or failed run leaves nothing behind.
std::string check_directory_takes_files(const fs::path& dir) {
  std::error_code ec;
  std::vector<fs::path> made;  // missing directories, deepest first
  for (fs::path d = dir; !d.empty() && !fs::exists(d, ec) && d != d.parent_path(); d = d.parent_path()) made.push_back(d);
  auto remove_made = [&made] {
    for (const auto& d : made) ::rmdir(d.c_str());
  };
  for (auto it = made.rbegin(); it != made.rend(); ++it) {
    if (::mkdir(it->c_str(), 0777) != 0) {
      const std::string why = fmt::format("cannot create directory '{}': {}", it->string(), std::strerror(errno));
      made.erase(made.begin(), std::next(it).base() + 1);  // keep only those made so far
      remove_made();
      return why;
    }
  }
  std::string probe = (dir / ".clampbench.probe.XXXXXX").string();
  const int fd = ::mkstemp(probe.data());
  const int err = errno;
  if (fd >= 0) {
    ::close(fd);
    ::unlink(probe.c_str());
  }
  remove_made();
  if (fd < 0) return fmt::format("cannot write in directory '{}': {}", dir.string(), std::strerror(err));
  return {};
}

fs::path normal_absolute(const fs::path& p) {
  std::error_code ec;
  fs::path out = fs::weakly_canonical(fs::absolute(p, ec), ec);
  if (ec) out = fs::absolute(p, ec).lexically_normal();
  if (out.has_filename() || out == out.root_path()) return out;
  return out.parent_path();  // "dir/" -> "dir"
}
}  // namespace

fs::path resolve_output(const std::string& path) {
  fs::path p = path;
  for (int hops = 0; hops < 40; ++hops) {  // the kernel's own limit; a loop stays a link
    struct stat st {};
    if (::lstat(p.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return p;
    std::error_code ec;
    const fs::path target = fs::read_symlink(p, ec);
    if (ec) return p;
    p = target.is_absolute() ? target : p.parent_path() / target;
  }
  return p;
}

std::string check_output_file(const std::string& path, MissingDirectory missing) {
  if (path.empty()) return "empty path";
  const fs::path target = resolve_output(path);
  struct stat st {};
  if (::lstat(target.c_str(), &st) == 0) {
    if (!S_ISREG(st.st_mode)) return fmt::format("'{}' is {}, not a regular file", path, kind_of(st.st_mode));
    if (::access(target.c_str(), W_OK) != 0) return fmt::format("'{}' is not writable", path);
  } else if (errno != ENOENT) {
    return fmt::format("cannot use '{}': {}", path, std::strerror(errno));
  }
  const fs::path dir = directory_of(target);
  std::error_code ec;
  if (missing == MissingDirectory::Refuse && !fs::exists(dir, ec))
    return fmt::format("directory '{}' of '{}' does not exist", dir.string(), path);
  return check_directory_takes_files(dir);
}

std::string check_output_dir(const std::string& path, bool force) {
  if (path.empty()) return "empty path";
  const fs::path target = resolve_output(path);
  std::error_code ec;
  const fs::path here = normal_absolute(fs::current_path(ec)), there = normal_absolute(target);
  if (here == there || output_inside(here.string(), there.string()))
    return fmt::format("'{}' holds the current directory; name a directory of its own", path);
  struct stat st {};
  if (::lstat(target.c_str(), &st) == 0) {
    if (!S_ISDIR(st.st_mode)) return fmt::format("'{}' is {}, not a directory", path, kind_of(st.st_mode));
    if (!force && !fs::is_empty(target, ec))
      return fmt::format("'{}' is not empty (--force replaces it)", path);
  } else if (errno != ENOENT) {
    return fmt::format("cannot use '{}': {}", path, std::strerror(errno));
  }
  return check_directory_takes_files(directory_of(there));
}

std::string check_input_file(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0 || S_ISREG(st.st_mode)) return {};
  return fmt::format("'{}' is {}, not a regular file", path, kind_of(st.st_mode));
}

bool same_output(const std::string& a, const std::string& b) {
  const fs::path ra = resolve_output(a), rb = resolve_output(b);
  struct stat sa {}, sb {};
  if (::stat(ra.c_str(), &sa) == 0 && ::stat(rb.c_str(), &sb) == 0)
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
  return normal_absolute(ra) == normal_absolute(rb);
}

bool output_inside(const std::string& file, const std::string& dir) {
  const fs::path rel = normal_absolute(resolve_output(file)).lexically_relative(normal_absolute(resolve_output(dir)));
  return !rel.empty() && *rel.begin() != "..";
}

std::string temp_sibling_stem(const fs::path& target, const std::string& tag, std::size_t room) {
  std::string name = target.filename().string();
  // "." + name + "." + tag + "." + room within NAME_MAX; never cut a UTF-8 sequence in two.
  const std::size_t fits = NAME_MAX - 3 - tag.size() - room;
  if (name.size() > fits) {
    std::size_t n = fits;
    while (n > 0 && (static_cast<unsigned char>(name[n]) & 0xC0) == 0x80) --n;
    name.resize(n);
  }
  return "." + name + "." + tag + ".";
}

std::string temp_sibling_template(const fs::path& target, const std::string& tag) {
  return (target.parent_path() / (temp_sibling_stem(target, tag, 6) + "XXXXXX")).string();
}

}  // namespace clampbench
