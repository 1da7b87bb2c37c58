# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Static-sink attention metadata (vllm/model_executor/layers/attention/static_sink_attention.py):
StaticSinkAttentionBuilder.build as released, once per KV-cache group of a step.

The builder is a class defined inside the factory `create_static_sink_attention_backend`
(a function-local class, so `release.find` cannot see it): the site is located by its
qualified name among the module's nested definitions (vllm_code.definitions), and run by
compiling the whole factory, with stand-ins for the backend it subclasses (whose builder's
`build` hands back what FlashAttentionMetadataBuilder.build keeps of the metadata: the
`seq_lens` and `block_table_tensor` views and `max_seq_len`) and for
`subclass_attention_backend`. The builder is made by its own `__init__` (its sink table's shape
and sink columns are checked against the dumped one, then it is replaced by that buffer, a view,
so that its writes show).

A step: every KV-cache group gets a fresh CommonAttentionMetadata (attn_utils.py:547-568)
over the same `seq_lens` view of the runner's buffer, its own runner table and its own
static-sink builder; `max_seq_len` is the host's bound (the dumped seq_lens' max, before any
build). Outputs per group, as the backend reads them after the step: `seq_lens` (the views,
stacked), `max_seq_len` (int64: a Python int per group) and
`block_table` (the builder's table, rows [0, R)).

In place in every release (0.25.0, 0.27.0, 0.34.0; site.IN_PLACE_IN_BOTH): `clamp_` is vLLM's
code. The counterfactual variants (`clamp`, `fused`) are held to vLLM's same build wired the
counterfactual way (run(..., counterfactual=True)): each group's metadata holds its own copy
of the shared seq_lens, the port's builder-owned `seq_lens_with_sink[g]`, so the shared
seq_lens is only read. No clamp is involved: the site's form is given by its in-place stores
into the metadata's seq_lens (`seq_lens[:] = ...` :86, the masked store :89), as "clamp_"."""
import ast

import torch

from ..vllm_code.definitions import functions
from ..vllm_code.extract import ExtractError
from ..vllm_code.stand import Stand
from .model import FORM_CLAMP_, IN_PLACE_IN_BOTH, Site

SINK = "vllm/model_executor/layers/attention/static_sink_attention.py"
INPUT_BATCH = "vllm/v1/worker/gpu/input_batch.py"
FACTORY = "create_static_sink_attention_backend"
BUILD = f"{FACTORY}.<locals>.StaticSinkAttentionBuilder.build"
MAX_MODEL_LEN = 1024  # suites/detail/static_sink_step.h: kSinkMaxModelLen
SPARE_ROWS = 2  # kSinkSpareRows: max_num_seqs beyond the step's R rows


def _locate(release):
    module = release.module(SINK)
    found = [f.node for f in functions(module.tree) if f.qualname == BUILD]
    if not found:
        raise ExtractError(f"{SINK}: {BUILD} not in {release.label}")
    return module, found


def _in_place_stores(module, node):
    """[("clamp_", first, last)] of the stores into the metadata's seq_lens (`cm.seq_lens[...] = `)."""
    stores = []
    for n in ast.walk(node):
        if isinstance(n, ast.Assign) and any(
                isinstance(t, ast.Subscript) and isinstance(t.value, ast.Attribute) and t.value.attr == "seq_lens"
                for t in n.targets):
            stores.append((FORM_CLAMP_, n.lineno, n.end_lineno))
    return sorted(stores, key=lambda s: s[1])


class _UnderlyingBuilder:
    """FlashAttentionMetadataBuilder as far as the sink builder needs it: __init__ keeps nothing,
    build hands back what the backend keeps of the metadata (flash_attn.py:833-838, views)."""

    def __init__(self, kv_cache_spec, layer_names, vllm_config, device):
        pass

    def build(self, common_prefix_len, common_attn_metadata, fast_build=False):
        cm = common_attn_metadata
        return Stand(seq_lens=cm.seq_lens, max_seq_len=cm.max_seq_len, block_table=cm.block_table_tensor)


class _Underlying:
    @staticmethod
    def get_builder_cls():
        return _UnderlyingBuilder


def _subclass_attention_backend(name_prefix, attention_backend_cls, builder_cls):
    return Stand(name=name_prefix + attention_backend_cls.__name__, builder_cls=builder_cls)


def sampler(release):
    """vLLM's get_num_sampled_and_rejected (the sampler's, one logit per request):
    (seq_lens [live], prefill_len, idx_mapping, cu_num_logits) -> (num_sampled, num_rejected)."""
    ns = release.namespace(triton=True)
    release.load(INPUT_BATCH, ["get_num_sampled_and_rejected"], ns)

    def read(seq_lens, prefill_len, idx_mapping, cu_num_logits):
        live = idx_mapping.shape[0]
        return ns["get_num_sampled_and_rejected"](torch.ones(live, dtype=torch.int32), seq_lens[:live].clone(),
                                                  cu_num_logits, idx_mapping, prefill_len)
    return read


def _bind(release):
    ns = release.namespace(subclass_attention_backend=_subclass_attention_backend)
    release.load(SINK, [FACTORY], ns)

    def run(params, inputs, counted, counterfactual=False):
        seq_lens, tables = inputs["seq_lens"], inputs["block_table"]
        groups, rows = tables.shape[0], seq_lens.shape[0]
        block_size, sink_len = params["bs"], params["sink"] * params["bs"]
        backend = ns[FACTORY](_Underlying, sink_len=sink_len)
        config = Stand(model_config=Stand(max_model_len=MAX_MODEL_LEN),
                       scheduler_config=Stand(max_num_seqs=rows + SPARE_ROWS),
                       cache_config=Stand(block_size=block_size))
        max_seq_len = int(seq_lens.max())  # the host's bound: the runner's, before any build
        builders, cms = [], []
        for g in range(groups):
            builder = backend.builder_cls(None, [f"group{g}.attn"], config, torch.device("cpu"))
            if "block_table_with_sink" in inputs:  # a dumped case: its buffer, so that its writes show
                own, dumped = builder.block_table_with_sink, inputs["block_table_with_sink"][g]
                sink = slice(0, builder.num_sink_blocks)  # build never writes these columns
                if own.shape != dumped.shape or not torch.equal(own[:, sink], dumped[:, sink]):
                    raise ValueError("the dumped block_table_with_sink is not the one the builder's __init__ makes")
                builder.block_table_with_sink = dumped
            seen = seq_lens
            if counterfactual:  # the builder's own copy of the shared seq_lens
                seen = inputs["seq_lens_with_sink"][g, :rows]
                seen.copy_(seq_lens)
            builders.append(builder)
            cms.append(Stand(seq_lens=seen, max_seq_len=max_seq_len, block_table_tensor=tables[g], num_reqs=rows,
                             seq_lens_cpu_upper_bound=None))  # a fresh metadata per group (attn_utils.py:547)
        with counted():  # the step's builds, group after group
            md = [builder.build(0, cm) for builder, cm in zip(builders, cms)]
        return {"seq_lens": torch.stack([m.seq_lens for m in md]),
                "max_seq_len": torch.tensor([m.max_seq_len for m in md], dtype=torch.int64),
                "block_table": torch.stack([m.block_table for m in md])}
    return run


SITES = [
    Site("static_sink", SINK, "StaticSinkAttentionBuilder.build (in create_static_sink_attention_backend), "
         "once per KV-cache group on the runner's shared seq_lens", _locate, _bind,
         pairing=IN_PLACE_IN_BOTH, form_lines=_in_place_stores, runs_counterfactual=True),
]
