// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The explicit list of every suite, in spec order. Built once, on first use.

#include "suites/all_suites.h"
#include "suites/suite.h"

namespace clampbench {

const std::vector<Suite>& all_suites() {
  static const std::vector<Suite> suites = [] {
    std::vector<Suite> v;
    v.push_back(suites::make_mamba_prefix_caching_suite());
    v.push_back(suites::make_mamba_fallback_suite());
    v.push_back(suites::make_ngram_find_suite());
    v.push_back(suites::make_ngram_propose_suite());
    v.push_back(suites::make_ngram_update_suite());
    v.push_back(suites::make_mla_chunked_context_suite());
    v.push_back(suites::make_mamba_block_table_suite());
    v.push_back(suites::make_rocm_aiter_fa_chunks_suite());
    v.push_back(suites::make_step3p5_slot_mapping_suite());
    v.push_back(suites::make_sparse_mla_slot_mapping_suite());
    return v;
  }();
  return suites;
}

const Suite* find_suite(const std::string& name) {
  for (const auto& s : all_suites()) {
    if (s.name == name) return &s;
  }
  return nullptr;
}

}  // namespace clampbench
