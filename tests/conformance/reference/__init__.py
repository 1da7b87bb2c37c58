# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""PyTorch references of the seven vLLM metadata builders, keyed by the manifest's suite name."""

from . import chunked_context, mamba, ngram, slot_mapping
from .common import Result, SuiteReference

REFERENCES = {ref.name: ref for module in (mamba, ngram, chunked_context, slot_mapping)
              for ref in module.SUITES}

__all__ = ["REFERENCES", "Result", "SuiteReference"]
