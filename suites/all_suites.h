// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// One factory per suite file; registry.cpp calls them in this order.

#include "suites/suite.h"

namespace clampbench::suites {

Suite make_mamba_prefix_caching_suite();     // spec 1a
Suite make_mamba_fallback_suite();           // spec 1b
Suite make_ngram_find_suite();               // spec 2a
Suite make_ngram_propose_suite();            // spec 2b
Suite make_ngram_update_suite();             // spec 2c
Suite make_mla_chunked_context_suite();      // spec 3
Suite make_mamba_block_table_suite();        // spec 4
Suite make_rocm_aiter_fa_chunks_suite();     // spec 5
Suite make_step3p5_slot_mapping_suite();     // spec 6
Suite make_sparse_mla_slot_mapping_suite();  // spec 7

}  // namespace clampbench::suites
