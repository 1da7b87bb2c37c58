// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// terminal_text (harness/output/terminal_text.h): what a terminal would obey or hide becomes
// a visible escape, as the scripts' terminal_text writes it; other text is kept.

#include <gtest/gtest.h>

#include "harness/output/terminal_text.h"

namespace clampbench {
namespace {

TEST(TerminalText, PlainTextAndOtherScriptsAreKept) {
  EXPECT_EQ(terminal_text(""), "");
  EXPECT_EQ(terminal_text("ngram_find/R=8,B=16 'x.json' \\x1b"), "ngram_find/R=8,B=16 'x.json' \\x1b");
  EXPECT_EQ(terminal_text("caf\xc3\xa9 \xe2\x9c\x93 \xe6\x97\xa5\xe6\x9c\xac \xf0\x9f\x98\x80"),
            "caf\xc3\xa9 \xe2\x9c\x93 \xe6\x97\xa5\xe6\x9c\xac \xf0\x9f\x98\x80");
}

TEST(TerminalText, ControlCharactersBecomeEscapes) {
  EXPECT_EQ(terminal_text("\x1b[2J\x1b]0;pwned\x07"), "\\x1b[2J\\x1b]0;pwned\\x07");
  EXPECT_EQ(terminal_text(std::string("a\0b\r\n\t\x7f", 7)), "a\\x00b\\x0d\\x0a\\x09\\x7f");
  EXPECT_EQ(terminal_text("\xc2\x9b" "31m \xc2\x85"), "\\x9b31m \\x85");  // C1: CSI, NEL
}

TEST(TerminalText, BidiAndInvisibleFormatCharactersBecomeEscapes) {
  EXPECT_EQ(terminal_text("\xe2\x80\xae" "evil"), "\\u202eevil");  // RIGHT-TO-LEFT OVERRIDE
  EXPECT_EQ(terminal_text("\xe2\x80\xaa\xe2\x80\xab\xe2\x80\xac\xe2\x80\xad"), "\\u202a\\u202b\\u202c\\u202d");
  EXPECT_EQ(terminal_text("\xe2\x81\xa6\xe2\x81\xa7\xe2\x81\xa8\xe2\x81\xa9"), "\\u2066\\u2067\\u2068\\u2069");
  EXPECT_EQ(terminal_text("\xe2\x80\x8b\xe2\x80\x8f\xe2\x80\xa8\xef\xbb\xbf\xd8\x9c"), "\\u200b\\u200f\\u2028\\ufeff\\u061c");
}

TEST(TerminalText, BytesThatAreNotUtf8BecomeEscapes) {
  EXPECT_EQ(terminal_text("a\xff" "b"), "a\\xffb");
  EXPECT_EQ(terminal_text("\x80"), "\\x80");                                // a stray continuation byte
  EXPECT_EQ(terminal_text("x\xe2\x80"), "x\\xe2\\x80");                     // a cut sequence
  EXPECT_EQ(terminal_text("\xc0\x9b"), "\\xc0\\x9b");                       // an overlong ESC
  EXPECT_EQ(terminal_text("\xe0\x80\x9b"), "\\xe0\\x80\\x9b");              // another
  EXPECT_EQ(terminal_text("\xed\xa0\x80"), "\\xed\\xa0\\x80");              // a surrogate
  EXPECT_EQ(terminal_text("\xf4\x90\x80\x80"), "\\xf4\\x90\\x80\\x80");     // beyond U+10FFFF
  EXPECT_EQ(terminal_text("\xe2\x80\x1b"), "\\xe2\\x80\\x1b");              // ESC inside a cut sequence
}

}  // namespace
}  // namespace clampbench
