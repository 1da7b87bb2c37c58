# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""compare.py's --format table: md (the pull-request comment, compare_markdown.py), text and
json (compare_format.py). Apart from both so that the imports run one way: compare_markdown
builds on compare_format's cells, and compare_format needs nothing of compare_markdown."""
from clampbench_scripts.compare import compare_format, compare_markdown

RENDERERS = {"md": compare_markdown.render_markdown, "text": compare_format.render_text,
             "json": compare_format.render_json}
