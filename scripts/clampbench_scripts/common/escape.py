# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Strings from a results file are data: shown as text, never obeyed by what shows them.

  terminal_text  for a terminal or a log: control characters (ESC, BEL, CR, NUL, a newline, DEL,
                 C1) and the invisible bidirectional and format controls (U+202E RIGHT-TO-LEFT
                 OVERRIDE, isolates, zero-width marks) become visible escapes (\\x1b, \\u202e), so
                 a device name cannot clear the screen, retitle the window, overwrite a line or
                 start a line of its own that reads like a verdict;
  markdown_text  for a pull-request comment: the same escapes, plus HTML (& < >), the markdown
                 that would turn data into markup (\\ ` [ ] | !: code, links, images, table
                 cells; emphasis is left, it cannot do more than emphasise) and @mentions (a
                 zero-width space after the @, so nobody is pinged);
  html_text      for a dashboard page (HTML) and an SVG figure (XML 1.0, as xml_text): the
                 terminal's escapes, then & < > " ' as entities. A raw ESC, BEL or CR in a page
                 reaches whoever copies its text into a terminal, U+202E reorders what a reader
                 sees, and XML forbids most C0 characters, U+FFFE/U+FFFF and lone surrogates even
                 as character references (a figure holding one is not well-formed and a browser
                 shows none of it): all of them become visible text;
  escaped        a whole structure (a comparison) with every string, keys included, escaped, so
                 that a renderer's cells and lines hold only inert data.
Each of them is terminal_text first: one rule for what a control or bidi character becomes.
"""
import html
import re
import unicodedata

_MARKDOWN = re.compile(r"([\\`\[\]|!])")
_HTML = {"&": "&amp;", "<": "&lt;", ">": "&gt;"}


def _visible(c):
    """A character a terminal would obey, or that would not show, as a visible escape."""
    if c.isprintable() or unicodedata.category(c) == "Zs":  # Zs: spaces of other widths show
        return c
    code = ord(c)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def terminal_text(text):
    """TEXT with every control and invisible format character (Python's non-printable ones:
    categories Cc, Cf, Zl, Zp, Co, Cn) as a visible escape."""
    text = str(text)
    if text.isascii() and text.isprintable():
        return text  # the common case, at C speed
    return "".join(map(_visible, text))


def markdown_text(text):
    """TEXT as inert markdown for one table cell or one line of a GitHub comment."""
    text = _MARKDOWN.sub(r"\\\1", str(text))
    text = "".join(_HTML.get(c, c) for c in text)
    return terminal_text(text).replace("@", "@\u200b")


def html_text(value):
    """VALUE (any value, as str) as the content or attribute value of an HTML or XML element."""
    return html.escape(terminal_text(value), quote=True)


xml_text = html_text  # an SVG figure's labels: the same escape


def escaped(value, fn):
    """VALUE (dicts, lists, tuples, strings, numbers) with FN applied to every string."""
    if isinstance(value, str):
        return fn(value)
    if isinstance(value, dict):
        return {escaped(k, fn): escaped(v, fn) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [escaped(v, fn) for v in value]
    return value
