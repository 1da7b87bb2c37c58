# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""One DeepSeek V4 step of KV-cache group 0: the runner hands the indexer and both sparse-MLA
builders ONE CommonAttentionMetadata, so one block table and one cached request index, and
builds them in the order of the layers' registration (axis `order`: 0 = indexer, C4A, C128A;
1 = C128A, indexer, C4A).

The three `build` calls run as released, in the case's order, inside one counted region: the
sparse-MLA builder of sites_sparse (ratios 4 and 128), and `DeepseekV32IndexerMetadataBuilder
.build` (v1/attention/backends/mla/indexer.py) with the methods and helpers it calls
(`_prepare_decode_tensors`, `_prepare_global_decode_seq_lens`, `split_indexer_prefill_chunks`,
`build_prefill_chunk_metadata` and its Triton kernel, `get_compressed_slot_mapping`,
`split_decodes_and_prefills`) and the release's own metadata dataclasses. The second sparse
builder gets the first one's request index back from the metadata's cache, as in vLLM.

The indexer builder is as its __init__ leaves it on an H200 (SM 9.0, 132 SMs) with no
speculative decoding, no decode or prefill context parallelism and the FP8 indexer cache:
`decode_threshold` (0.25.0: `reorder_batch_threshold`) 1, `use_flattening` False (next_n 1
has a native kernel), compress ratio 4 with a storage block of 256 // 4 = 64 slots, the prefill
buffer `get_max_prefill_buffer_size` of max_model_len = the case's L, the logits budget
VLLM_SPARSE_INDEXER_MAX_LOGITS_MB at its default (512). `current_platform.is_cuda()` is False
here, so DeepGEMM's scheduling metadata (which reads no table entry) is not computed."""
import ast

import torch

from .extract import compile_nodes, find_function
from .helpers import JitKernelBase
from .site import Site
from .sites_sparse import (C128A, COMPRESSOR, KV_BLOCK_SIZE, SPARSE, UTILS, _builder_class, _locator,
                           c128a_outputs, common_metadata, new_builder)
from .stand import Stand

INDEXER = "vllm/v1/attention/backends/mla/indexer.py"
INDEXER_BUILDER = "DeepseekV32IndexerMetadataBuilder"
INDEXER_METHODS = ("build", "_prepare_decode_tensors", "_prepare_global_decode_seq_lens")
INDEXER_RATIO = 4
SPARSE_LOGITS_MB = 512  # envs.VLLM_SPARSE_INDEXER_MAX_LOGITS_MB's default
H200_SMS = 132
# order -> the builders in the order the runner calls them
ORDERS = {0: ("indexer", 4, 128), 1: (128, "indexer", 4)}


def indexer_class(release):
    """The release's indexer builder (its build and the methods and module helpers it calls)."""
    module = release.module(INDEXER)
    methods = [find_function(module, [f"{INDEXER_BUILDER}.{m}"])[0] for m in INDEXER_METHODS]
    # The warm-up variants of the prefill-chunk kernel (0.27.0 on) decide what Triton compiles
    # ahead of time, not what a launch computes.
    ns = release.namespace(triton=True, envs=Stand(VLLM_SPARSE_INDEXER_MAX_LOGITS_MB=SPARSE_LOGITS_MB),
                           VllmJitKernel=JitKernelBase, _BUILD_PREFILL_CHUNK_METADATA_INPUT_VARIANTS=(),
                           has_deep_gemm=lambda: False)
    release.load(COMPRESSOR, ["get_compressed_slot_mapping"], ns)
    release.load(UTILS, ["split_decodes_and_prefills"], ns)
    top = {name for node in module.tree.body for name in _names_defined(node)}
    used = {n.id for m in methods for n in ast.walk(m) if isinstance(n, ast.Name)} & top
    release.load(INDEXER, sorted(used | {"get_max_prefill_buffer_size"}), ns)
    compile_nodes(module, methods, ns, class_name=INDEXER_BUILDER)
    return ns[INDEXER_BUILDER], ns["get_max_prefill_buffer_size"]


def _names_defined(node):
    if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
        return {node.name}
    if isinstance(node, ast.Assign):
        return {t.id for t in node.targets if isinstance(t, ast.Name)}
    return set()


def new_indexer(indexer_cls, max_prefill_buffer_size, compressed_slot_mapping_buffer, table_width):
    """The indexer builder as __init__ leaves it (module docstring), its compressed slot mapping
    written into `compressed_slot_mapping_buffer` (max_num_batched_tokens long)."""
    tokens = compressed_slot_mapping_buffer.shape[0]  # max_num_batched_tokens

    def zeros(*shape):
        return torch.zeros(shape, dtype=torch.int32)
    builder = indexer_cls.__new__(indexer_cls)
    builder.__dict__.update(
        dcp_world_size=1, dcp_rank=0, pcp_world_size=1, use_pcp=False, cp_kv_cache_interleave_size=1,
        max_prefill_buffer_size=max_prefill_buffer_size, num_speculative_tokens=0,
        use_fp4_indexer_cache=False, decode_threshold=1, reorder_batch_threshold=1, use_flattening=False,
        num_sms=H200_SMS, offsets_buffer=torch.arange(1, dtype=torch.int32), decode_lens_buffer=zeros(tokens),
        decode_seq_lens_buffer=zeros(tokens), global_decode_seq_lens_buffer=zeros(tokens),
        arange_buffer=torch.arange(tokens, dtype=torch.int32), expanded_block_table_buffer=zeros(tokens, table_width),
        scheduler_metadata_buffer=zeros(H200_SMS + 1, 2), compress_ratio=INDEXER_RATIO,
        kv_cache_spec=Stand(block_size=KV_BLOCK_SIZE, storage_block_size=KV_BLOCK_SIZE // INDEXER_RATIO,
                            compress_ratio=INDEXER_RATIO, num_states=KV_BLOCK_SIZE // INDEXER_RATIO,
                            tokens_per_state=INDEXER_RATIO),
        compressed_slot_mapping_buffer=compressed_slot_mapping_buffer, expanded_seq_lens_buffer=zeros(tokens))
    return builder


def _bind(release):
    sparse_cls, cm_cls = _builder_class(release, SPARSE)
    indexer_cls, max_prefill_buffer_size = indexer_class(release)

    def run(params, inputs, counted):
        c128a = {name: inputs[name] for name in C128A}
        before = {name: t.clone() for name, t in c128a.items()}
        no_c128a = {name: t[:0, :0] if t.dim() == 2 else t[:0] for name, t in c128a.items()}
        builders = {
            4: new_builder(sparse_cls, 4, inputs["c4a_req_id_per_token_buffer"],
                           inputs["c4a_compressed_slot_mapping"], no_c128a),
            128: new_builder(sparse_cls, 128, inputs["c128a_req_id_per_token_buffer"],
                             inputs["c128a_compressed_slot_mapping"], c128a),
            "indexer": new_indexer(indexer_cls, max_prefill_buffer_size(
                Stand(model_config=Stand(max_model_len=params["L"]))),
                inputs["indexer_compressed_slot_mapping"], inputs["block_table"].shape[1]),
        }
        cm = common_metadata(cm_cls, inputs)  # ONE for the three builders, as the runner's
        md = {}
        with counted():
            for which in ORDERS[params["order"]]:
                md[which] = builders[which].build(0, cm)
        first = md[next(which for which in ORDERS[params["order"]] if which != "indexer")]
        for ratio in (4, 128):  # the second sparse builder got the first one's cached slice
            assert _same_tensor(md[ratio].req_id_per_token, first.req_id_per_token), ratio
        decode = md["indexer"].decode
        for name, ratio in (("c4a_compressed_slot_mapping", 4), ("c128a_compressed_slot_mapping", 128)):
            assert _same_tensor(md[ratio].slot_mapping, inputs[name][:md[ratio].slot_mapping.shape[0]]), name
        assert _same_tensor(md["indexer"].slot_mapping,
                            inputs["indexer_compressed_slot_mapping"][:md["indexer"].slot_mapping.shape[0]])
        return {"c4a_compressed_slot_mapping": inputs["c4a_compressed_slot_mapping"],
                "c128a_compressed_slot_mapping": inputs["c128a_compressed_slot_mapping"],
                "indexer_compressed_slot_mapping": inputs["indexer_compressed_slot_mapping"],
                "req_id_per_token": first.req_id_per_token,
                **c128a_outputs(md[128], inputs, before),
                "indexer_decode_block_table": None if decode is None else decode.block_table}
    return run


def _same_tensor(a, b):
    """The same elements of the same storage (two views of one slice)."""
    return a.data_ptr() == b.data_ptr() and a.shape == b.shape and a.stride() == b.stride()


SITES = [
    Site("sparse_mla_step", SPARSE,
         "DeepseekV4FlashMLAMetadataBuilder.build at ratios 4 and 128 and DeepseekV32IndexerMetadataBuilder.build "
         "(v1/attention/backends/mla/indexer.py) on one CommonAttentionMetadata, in the runner's order",
         _locator(SPARSE), _bind, views={"block_table": "block_table_base"}, uses_triton=True),
]
