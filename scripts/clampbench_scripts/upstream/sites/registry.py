# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Every site the upstream check knows: SITES, the port's own site per clampbench suite;
REPORTED, those and the sites of newer releases run on an existing suite's inputs, by name."""
from . import chunked, compressor, mamba, ngram, sparse, sparse_step, static_sink, step3p5

_ALL = (*mamba.SITES, *ngram.SITES, *chunked.SITES, *step3p5.SITES, *sparse.SITES, *sparse_step.SITES,
        *compressor.SITES, *static_sink.SITES)
SITES = {s.suite: s for s in _ALL if s.name is None}
REPORTED = {s.key: s for s in _ALL}
