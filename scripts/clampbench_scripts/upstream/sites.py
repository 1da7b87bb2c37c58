# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Every site the upstream check knows, by clampbench suite name."""
from . import sites_chunked, sites_mamba, sites_ngram, sites_sparse, sites_step3p5

SITES = {s.suite: s for s in (*sites_mamba.SITES, *sites_ngram.SITES, *sites_chunked.SITES,
                              *sites_step3p5.SITES, *sites_sparse.SITES)}
