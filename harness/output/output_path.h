// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Where an output really lands, and whether it may: checked before a run does any work, so
// that a bad target costs nothing. A symlink is written through (the file it names is
// replaced, the link stays a link); a FIFO, device, socket or directory where a file should
// go is refused, as is anything where a directory should go but an empty one.

#include <filesystem>
#include <string>

namespace clampbench {

// `path` with its symlinks followed to the file they name (which need not exist yet); a
// path that is not a link comes back unchanged.
std::filesystem::path resolve_output(const std::string& path);

// What an output does when its directory is missing: `run` makes it (results/latest.json in
// a fresh directory); `merge -o` refuses it, as the scripts' outputs do: the merged file goes
// beside the shards, and a mistyped directory would be made and the file lost in it.
enum class MissingDirectory { Make, Refuse };

// "" when `path` can take a file written atomically (a regular file or nothing there, in a
// directory this process can write or, with MissingDirectory::Make, create); else the
// reason, for one line. Makes nothing.
std::string check_output_file(const std::string& path, MissingDirectory missing = MissingDirectory::Make);

// "" when `path` can take a directory renamed into place: nothing there, an empty directory,
// or with `force` any directory; else the reason. Makes nothing.
std::string check_output_dir(const std::string& path, bool force);

// "" when `path` is a regular file to read (or nothing is there: the reader says so); else
// the reason -- a directory or FIFO given as an input is refused before anything opens it.
std::string check_input_file(const std::string& path);

// Whether two output paths name one file (after symlinks; by device and inode when both exist).
bool same_output(const std::string& a, const std::string& b);
// Whether `file` would land inside the directory `dir` (after symlinks).
bool output_inside(const std::string& file, const std::string& dir);

// A name for a temporary sibling of `target` that stays within NAME_MAX however long the
// target's own name is: "<dir>/.<name, cut>.<tag>.XXXXXX", a template for mkstemp/mkdtemp.
std::string temp_sibling_template(const std::filesystem::path& target, const std::string& tag);
// "<name, cut>.<tag>." prefixed with '.', cut so that `room` more characters stay within
// NAME_MAX: the stem of a temporary sibling named by another scheme (orphaned_dirs.h).
std::string temp_sibling_stem(const std::filesystem::path& target, const std::string& tag, std::size_t room);

}  // namespace clampbench
