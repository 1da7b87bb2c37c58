# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""mamba_prefix_caching, mamba_fallback and mamba_block_table: the mamba builders (mamba_attn.py and attention/backends/utils.py)."""
from ..vllm_code.extract import compile_code, compile_nodes, find_if
from ..vllm_code.stand import Stand
from .model import Site

MAMBA_ATTN = "vllm/v1/attention/backends/mamba_attn.py"
UTILS = "vllm/v1/attention/backends/utils.py"
BUILDER = "BaseMambaAttentionMetadataBuilder"


def _prefix_fn(release):
    module, fn, _ = release.find(MAMBA_ATTN, [f"{BUILDER}._compute_prefix_caching_block_indices"])
    return module, fn


def _locate_prefix(release):
    module, fn = _prefix_fn(release)
    return module, [fn]


def _bind_prefix(release):
    module, fn = _prefix_fn(release)
    ns = compile_nodes(module, [fn], release.namespace(), class_name=BUILDER)
    builder = ns[BUILDER]()

    def run(params, inputs, counted):
        nct, seq_lens = inputs["num_computed_tokens"], inputs["seq_lens"]
        cm = Stand(compute_num_computed_tokens=lambda: nct, seq_lens=seq_lens)
        with counted():
            last_computed, first_scheduled, last_scheduled = \
                builder._compute_prefix_caching_block_indices(cm, params["B"])
        return {"block_idx_last_computed_token": last_computed,
                "block_idx_first_scheduled_token": first_scheduled,
                "block_idx_last_scheduled_token": last_scheduled}
    return run


def _fallback_block(release):
    module, fn, _ = release.find(MAMBA_ATTN, [f"{BUILDER}._compute_common_metadata"])
    return module, find_if(module, fn, "prev_last_scheduled_idx is not None")


def _locate_fallback(release):
    module, block = _fallback_block(release)
    return module, block.body


def _bind_fallback(release):
    module, block = _fallback_block(release)
    code, ns = compile_code(module, block.body), release.namespace()

    def run(params, inputs, counted):
        local = dict(ns, num_computed_tokens=inputs["num_computed_tokens"],
                     prev_last_scheduled_idx=inputs["prev_last_scheduled_idx"], mamba_block_size=params["B"])
        with counted():
            exec(code, local)
        return {"block_idx_last_scheduled_token": local["block_idx_last_scheduled_token_prev_step"]}
    return run


def _table_fn(release):
    module, fn, _ = release.find(UTILS, ["mamba_get_block_table_tensor"])
    return module, fn


def _locate_table(release):
    module, fn = _table_fn(release)
    return module, [fn]


class MambaSpec:
    """Stand-in for vllm.v1.kv_cache_interface.MambaSpec (the function asserts the type)."""

    def __init__(self, block_size, num_speculative_blocks):
        self.block_size = block_size
        self.num_speculative_blocks = num_speculative_blocks


def _bind_table(release):
    module, fn = _table_fn(release)
    ns = compile_nodes(module, [fn], release.namespace(MambaSpec=MambaSpec))

    def run(params, inputs, counted):
        spec = MambaSpec(params["B"], params["S"])
        with counted():
            out = ns["mamba_get_block_table_tensor"](inputs["block_table"], inputs["seq_lens"], spec, "align")
        return {"block_table": out}
    return run


SITES = [
    Site("mamba_prefix_caching", MAMBA_ATTN, f"{BUILDER}._compute_prefix_caching_block_indices",
         _locate_prefix, _bind_prefix),
    Site("mamba_fallback", MAMBA_ATTN,
         f"{BUILDER}._compute_common_metadata, `if self.use_spec_decode and prev_last_scheduled_idx "
         f"is not None:` (spec-decode fallback)", _locate_fallback, _bind_fallback),
    Site("mamba_block_table", UTILS, "mamba_get_block_table_tensor, mode \"align\"",
         _locate_table, _bind_table),
]
