# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Site 2: the GPU n-gram proposer, op for op as vLLM writes it.

vllm/v1/spec_decode/ngram_proposer_gpu.py
  NgramGPUKernel._find_first_and_extract_all_n_parallel   (2a, eager; torch.compiled in vLLM)
  NgramProposerGPU.propose, the scatter of the sampled tokens (2b)
  NgramProposerGPU.update_token_ids_ngram                  (2c)
"""

import torch

from .common import CLAMP, CLAMP_, CLAMP_NAIVE, Result, SuiteReference, clamp_as, in_place

# (prompt_lookup_min, prompt_lookup_max) indexed by the suites' "ngram_range" axis
# (suites/detail/ngram_find.h kNgramRanges).
NGRAM_RANGES = ((5, 5), (2, 5), (3, 5), (1, 4))
# gpu_input_batch.vocab_size of the update suite: not a manifest param, the C++ generator's
# constant (suites/detail/ngram_history.h kNgramVocab).
NGRAM_VOCAB = 32


def find_first_and_extract_all_n_parallel(variant, token_ids, seq_lengths, min_ngram_len,
                                          max_ngram_len, num_draft_tokens):
    batch_size = token_ids.shape[0]
    max_seq_len = token_ids.shape[1]
    device = token_ids.device
    num_ngram_sizes = max_ngram_len - min_ngram_len + 1

    ngram_lengths = torch.arange(min_ngram_len, max_ngram_len + 1, device=device)
    batch_indices = torch.arange(batch_size, device=device)
    first_match_positions = torch.full((batch_size, num_ngram_sizes), -1, dtype=torch.long, device=device)

    for i, ngram_len in enumerate(range(min_ngram_len, max_ngram_len + 1)):
        search_windows = token_ids.unfold(1, ngram_len, 1)
        num_windows = search_windows.shape[1]
        suffix_starts = seq_lengths - ngram_len
        suffix_indices = suffix_starts.unsqueeze(1) + torch.arange(ngram_len, device=device)
        suffix = torch.gather(token_ids, 1, clamp_as(variant, suffix_indices, min=0))
        matches = (search_windows == suffix.unsqueeze(1)).all(dim=-1)
        # Match must leave room for at least one draft token.
        max_valid_suffix_start = seq_lengths - ngram_len - 1
        window_positions = torch.arange(num_windows, device=device)
        valid_mask = window_positions <= max_valid_suffix_start.unsqueeze(1)
        final_matches = matches & valid_mask
        first_match_idx = torch.argmax(final_matches.int(), dim=1)
        has_match = final_matches[batch_indices, first_match_idx]
        first_match_positions[:, i] = torch.where(has_match, first_match_idx, -1)

    best_ngram_idx = (first_match_positions >= 0).int().flip(dims=[1]).argmax(dim=1)
    best_ngram_idx = num_ngram_sizes - 1 - best_ngram_idx
    best_match_pos = first_match_positions[batch_indices, best_ngram_idx]
    has_any_match = best_match_pos >= 0
    best_ngram_lengths = ngram_lengths[best_ngram_idx]
    draft_start = torch.where(has_any_match, best_match_pos + best_ngram_lengths,
                              torch.zeros_like(best_match_pos))
    tokens_available = seq_lengths - draft_start
    draft_indices = draft_start.unsqueeze(1) + torch.arange(num_draft_tokens, device=device)
    draft_indices = clamp_as(variant, draft_indices, min=0, max=max_seq_len - 1)
    draft_tokens = torch.gather(token_ids, 1, draft_indices)
    position_indices = torch.arange(num_draft_tokens, device=device).unsqueeze(0)
    valid_positions = position_indices < tokens_available.unsqueeze(1)
    draft_tokens = torch.where(valid_positions, draft_tokens, torch.full_like(draft_tokens, -1))
    draft_tokens = torch.where(has_any_match.unsqueeze(1), draft_tokens, torch.full_like(draft_tokens, -1))
    return draft_tokens


def find(variant, params, inputs):
    min_n, max_n = NGRAM_RANGES[params["ngram_range"]]
    draft = find_first_and_extract_all_n_parallel(variant, inputs["token_ids"], inputs["seq_lengths"],
                                                  min_n, max_n, params["K"])
    return Result(outputs={"draft_tokens": draft}, inputs_after=inputs)


def _propose_masks(variant, num_tokens_no_spec, token_ids_gpu, valid_sampled_token_ids_gpu,
                   valid_sampled_tokens_count):
    max_seq_len = token_ids_gpu.shape[1]
    max_new_tokens = valid_sampled_token_ids_gpu.shape[1]
    offsets = torch.arange(max_new_tokens, device=token_ids_gpu.device)
    write_positions = num_tokens_no_spec.unsqueeze(1) + offsets.unsqueeze(0)
    valid_write_mask = offsets.unsqueeze(0) < valid_sampled_tokens_count.unsqueeze(1)
    in_bounds = write_positions < max_seq_len
    scatter_mask = valid_write_mask & (valid_sampled_token_ids_gpu != -1) & in_bounds
    write_positions_long = clamp_as(variant, write_positions, max=max_seq_len - 1).long()
    return write_positions_long, scatter_mask


def propose(variant, params, inputs):
    """The scatter as the port writes it: only where scatter_mask holds (see propose_vllm_literal)."""
    token_ids_gpu = inputs["token_ids"]
    num_tokens_no_spec = inputs["num_tokens_no_spec"]
    sampled = inputs["valid_sampled_token_ids"]
    count = inputs["valid_sampled_tokens_count"]
    write_positions_long, scatter_mask = _propose_masks(variant, num_tokens_no_spec, token_ids_gpu,
                                                        sampled, count)
    tokens_cast = sampled.to(token_ids_gpu.dtype)
    rows = torch.arange(token_ids_gpu.shape[0], device=token_ids_gpu.device).unsqueeze(1).expand_as(
        write_positions_long)
    # In-bounds write positions of one row are distinct: no duplicate index, deterministic.
    token_ids_gpu[rows[scatter_mask], write_positions_long[scatter_mask]] = tokens_cast[scatter_mask]
    num_tokens_tmp = (num_tokens_no_spec + count).to(torch.int32)
    return Result(outputs={"token_ids": token_ids_gpu, "num_tokens_tmp": num_tokens_tmp}, inputs_after=inputs)


def propose_vllm_literal(variant, token_ids_gpu, num_tokens_no_spec, sampled, count):
    """vLLM's own spelling: gather the existing values, blend with where, scatter_ every
    position. Positions past the row's end are clamped onto L - 1, so a row whose writes run
    past the end scatters several values to L - 1 and the result there depends on write
    order (nondeterministic on CUDA). Used only to show where the two spellings agree."""
    write_positions_long, scatter_mask = _propose_masks(variant, num_tokens_no_spec, token_ids_gpu,
                                                        sampled, count)
    existing_values = token_ids_gpu.gather(1, write_positions_long)
    tokens_cast = sampled.to(token_ids_gpu.dtype)
    tokens_to_scatter = torch.where(scatter_mask, tokens_cast, existing_values)
    token_ids_gpu.scatter_(1, write_positions_long, tokens_to_scatter)
    return token_ids_gpu, write_positions_long


def update_token_ids_ngram(variant, token_ids_gpu, num_tokens_no_spec, discard_request_mask,
                           sampled_token_ids, vocab_size=NGRAM_VOCAB):
    num_reqs = sampled_token_ids.shape[0]
    backup_indices = clamp_as(variant, num_tokens_no_spec[:num_reqs] - 1, min=0).long()
    backup_next_token_ids = torch.gather(token_ids_gpu[:num_reqs], dim=1,
                                         index=backup_indices.unsqueeze(1)).squeeze(1)
    valid_sampled_token_ids_gpu = sampled_token_ids.clone()
    discard_mask_expanded = discard_request_mask[:num_reqs].unsqueeze(1)
    valid_sampled_token_ids_gpu.masked_fill_(discard_mask_expanded, -1)
    valid_mask = (valid_sampled_token_ids_gpu != -1) & (valid_sampled_token_ids_gpu < vocab_size)
    valid_sampled_tokens_count = valid_mask.sum(dim=1).to(torch.int32)
    last_valid_indices = valid_sampled_tokens_count - 1
    if variant == CLAMP:
        # vLLM before #48143: a clamped copy, the -1 test on the original.
        last_valid_indices_safe = torch.clamp(last_valid_indices, min=0)
        has_valid = last_valid_indices != -1
    elif variant == CLAMP_:
        # In place: the -1 test must come before the clamp that erases the -1.
        has_valid = last_valid_indices != -1
        last_valid_indices_safe = last_valid_indices.clamp_(min=0)
    elif variant == CLAMP_NAIVE:
        # The hazard: clamp in place, then test for -1, which no longer exists.
        last_valid_indices_safe = last_valid_indices.clamp_(min=0)
        has_valid = last_valid_indices != -1
    else:
        raise KeyError(variant)
    # vLLM gathers with the int32 index itself (recent torch accepts it); torch 1.13 wants
    # int64, and the widening does not change a value.
    selected_tokens = torch.gather(valid_sampled_token_ids_gpu, 1,
                                   last_valid_indices_safe.unsqueeze(1).long()).squeeze(1)
    next_token_ids = torch.where(has_valid, selected_tokens, backup_next_token_ids)
    return next_token_ids, valid_sampled_tokens_count, valid_sampled_token_ids_gpu, backup_next_token_ids


def update(variant, params, inputs):
    next_ids, count, valid_ids, _ = update_token_ids_ngram(
        variant, inputs["token_ids"], inputs["num_tokens_no_spec"], inputs["discard_request_mask"],
        inputs["sampled_token_ids"])
    return Result(outputs={"next_token_ids": next_ids, "valid_sampled_tokens_count": count,
                           "valid_sampled_token_ids": valid_ids}, inputs_after=inputs)


SUITES = [
    SuiteReference("ngram_find",
                   "vllm/v1/spec_decode/ngram_proposer_gpu.py: NgramGPUKernel._find_first_and_extract_all_n_parallel",
                   (CLAMP, CLAMP_), find),
    SuiteReference("ngram_propose", "vllm/v1/spec_decode/ngram_proposer_gpu.py: NgramProposerGPU.propose",
                   (CLAMP, CLAMP_), propose),
    SuiteReference("ngram_update",
                   "vllm/v1/spec_decode/ngram_proposer_gpu.py: NgramProposerGPU.update_token_ids_ngram",
                   (CLAMP, CLAMP_, CLAMP_NAIVE), update),
]

