# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Every site the upstream check knows: SITES, the port's own site per clampbench suite;
REPORTED, those and the sites of newer releases run on an existing suite's inputs, by name."""
from . import (sites_chunked, sites_compressor, sites_mamba, sites_ngram, sites_sparse, sites_sparse_step,
               sites_step3p5)

_ALL = (*sites_mamba.SITES, *sites_ngram.SITES, *sites_chunked.SITES, *sites_step3p5.SITES, *sites_sparse.SITES,
        *sites_sparse_step.SITES, *sites_compressor.SITES)
SITES = {s.suite: s for s in _ALL if s.name is None}
REPORTED = {s.key: s for s in _ALL}
