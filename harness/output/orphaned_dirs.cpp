// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/output/orphaned_dirs.h"

#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

#include <fmt/format.h>

namespace clampbench {

namespace fs = std::filesystem;

void remove_orphaned_dirs(const fs::path& parent, const std::string& stem, bool files) {
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(parent.empty() ? fs::path(".") : parent, ec)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind(stem, 0) != 0 || entry.is_symlink(ec)) continue;
    if (files ? !entry.is_regular_file(ec) : !entry.is_directory(ec)) continue;
    const char* digits = name.c_str() + stem.size();
    if (*digits < '0' || *digits > '9') continue;
    char* end = nullptr;
    const long pid = std::strtol(digits, &end, 10);
    if (pid <= 0 || *end != '-' || pid == ::getpid()) continue;
    if (::kill(static_cast<pid_t>(pid), 0) == 0 || errno != ESRCH) continue;  // alive, or not ours to ask
    fs::remove_all(entry.path(), ec);
  }
}

fs::path make_pid_named_dir(const fs::path& parent, const std::string& stem, const std::string& what) {
  remove_orphaned_dirs(parent, stem);
  std::string tmpl = (parent / fmt::format("{}{}-XXXXXX", stem, ::getpid())).string();
  if (::mkdtemp(tmpl.data()) == nullptr)
    throw std::runtime_error(fmt::format("cannot make a directory for {}: {}", what, std::strerror(errno)));
  return tmpl;
}

}  // namespace clampbench
