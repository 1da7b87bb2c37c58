// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// write_file_atomically / check_writable of results_writer.h: a sibling temporary file,
// fully written and flushed, then rename(2) -- atomic within one file system.

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <system_error>

#include <fmt/format.h>

#include "harness/results_writer.h"

namespace clampbench {

namespace fs = std::filesystem;

namespace {
std::string temp_name(const std::string& path) { return fmt::format("{}.tmp.{}", path, ::getpid()); }
}  // namespace

void write_file_atomically(const std::string& path, const std::string& contents) {
  const std::string tmp = temp_name(path);
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out << contents;
    out.flush();
    if (!out) {
      out.close();
      std::error_code ec;
      fs::remove(tmp, ec);
      throw std::runtime_error(fmt::format("cannot write '{}'", tmp));
    }
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::error_code ec;
    fs::remove(tmp, ec);
    throw std::runtime_error(fmt::format("cannot rename '{}' to '{}'", tmp, path));
  }
}

std::string check_writable(const std::string& path) {
  std::error_code ec;
  if (path.empty()) return "empty path";
  if (fs::is_directory(path, ec)) return fmt::format("'{}' is a directory", path);
  const fs::path dir = fs::path(path).parent_path();
  if (!dir.empty() && !fs::is_directory(dir, ec)) {
    fs::create_directories(dir, ec);
    if (ec) return fmt::format("cannot create directory '{}': {}", dir.string(), ec.message());
  }
  // Probe with the very temporary file the final write will use.
  const std::string tmp = temp_name(path);
  {
    std::ofstream probe(tmp, std::ios::binary | std::ios::trunc);
    if (!probe) return fmt::format("cannot write '{}'", path);
  }
  fs::remove(tmp, ec);
  return {};
}

}  // namespace clampbench
