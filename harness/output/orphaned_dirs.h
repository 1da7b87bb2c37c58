// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Temporary directories and files that outlive a killed run. SIGKILL (or a second Ctrl-C that
// ends the run before its destructors) leaves them behind, so each is named after the process
// that made it, "<stem><pid>-XXXXXX", and the next run that makes one with the same stem
// removes those whose process is gone. A live run's entry is left alone; a pid that was reused
// keeps its entry until that process is gone too. Used by the callgrind method's child
// directory (in TMPDIR), by the dump being written beside --dump DIR, and by the temporary file
// of every results write beside --out.

#include <filesystem>
#include <string>

namespace clampbench {

// Removes the directories (or, with `files`, the regular files) under `parent` named
// "<stem><pid>-..." whose process no longer exists (never this process's, never a symlink).
// Errors are ignored: it only tidies up.
void remove_orphaned_dirs(const std::filesystem::path& parent, const std::string& stem, bool files = false);

// Makes "<parent>/<stem><this pid>-XXXXXX" (mkdtemp) after removing the orphans of `stem`;
// returns its path. Throws std::runtime_error naming `what` when it cannot.
std::filesystem::path make_pid_named_dir(const std::filesystem::path& parent, const std::string& stem,
                                         const std::string& what);

// Room a pid-named directory needs after its stem: the pid, '-' and "XXXXXX".
inline constexpr std::size_t kPidSuffixLength = 10 + 1 + 6;


}  // namespace clampbench
