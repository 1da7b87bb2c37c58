// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// A string that came from a results file or the command line (a case id, a file name, an
// error a shard recorded), made inert for a terminal or a log before it is printed: a device
// name or a file name must not clear the screen, retitle the window, overwrite a line, start
// a line of its own that reads like a verdict, or turn the rest of the line around. The same
// rule as the scripts' terminal_text (scripts/clampbench_scripts/common/escape.py).

#include <string>
#include <string_view>

namespace clampbench {

// `text` with every character a terminal would obey or not show as a visible escape: C0
// controls, DEL and C1 controls as \xNN (ESC -> \x1b, a newline -> \x0a); the bidirectional
// and invisible format characters (U+202A-U+202E overrides and embeddings, U+2066-U+2069
// isolates, U+200B-U+200F, U+2028/U+2029, U+2060-U+2064, U+061C, U+FEFF) as \uNNNN; each
// byte that is not part of valid UTF-8 as \xNN. Everything else, other scripts included,
// comes back as it was.
std::string terminal_text(std::string_view text);

}  // namespace clampbench
