# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""sparse_mla: DeepSeek V4 sparse MLA metadata (vllm/models/deepseek_v4/sparse_mla.py).

`build` runs as released: the request index (CommonAttentionMetadata.token_to_req_indices),
the compressed slot mapping (a Triton kernel in compressor_utils.py) from
`block_table.clamp[_](min=0)`, and at compress ratio 128 the C128A top-k metadata (another
Triton kernel) from the table as that line left it. Both kernels run in Triton's interpreter.

0.27.0 also narrowed the C128A rows to `active_topk_width` and packed them; the port keeps
0.25.0's layout (docs/vllm-sites.md), so a packed result is laid out again as 0.25.0's, with
-1 in the columns 0.27.0 no longer writes: any other value there in the port is a difference."""
import ast

import numpy as np
import torch

from ..vllm_code.extract import compile_nodes, find_function
from ..vllm_code.stand import Stand
from .chunked import Captured
from .model import Site

SPARSE = "vllm/models/deepseek_v4/sparse_mla.py"
SPARSE_V41 = "vllm/models/deepseek_v41/sparse_mla.py"
COMPRESSOR = "vllm/v1/attention/backends/mla/compressor_utils.py"
UTILS = "vllm/v1/attention/backends/utils.py"
BACKEND = "vllm/v1/attention/backend.py"
BUILDERS = ("DeepseekV4FlashMLAMetadataBuilder", "DeepseekV4SparseMLAMetadataBuilder")
KV_BLOCK_SIZE = 256  # cache_config.block_size: the only kernel block size the backend supports
C128A = ("c128a_global_decode_buffer", "c128a_decode_lens_buffer", "c128a_prefill_buffer")


def _build(release, relpath):
    # DeepSeek V4.1's builder has V4's class names: a V4.1 site is V4.1's file or nothing
    return release.find(relpath, [f"{b}.build" for b in BUILDERS], follow=relpath == SPARSE)


def locator(relpath):
    def locate(release):
        module, fn, _ = _build(release, relpath)
        return module, [fn]
    return locate


def builder_class(release, relpath):
    module, build, owner = _build(release, relpath)
    ns = release.namespace(triton=True, DeepseekV4FlashMLAMetadata=Captured)
    release.load(COMPRESSOR, ["get_compressed_slot_mapping"], ns)
    nodes = [build]
    if any(isinstance(n, ast.Attribute) and n.attr == "_build_c128a_metadata" for n in ast.walk(build)):
        nodes.append(find_function(module, [f"{owner}._build_c128a_metadata"])[0])
        release.load(module.relpath, ["build_c128a_topk_metadata", "_C128A_TOPK_ALIGNMENT"], ns)
        release.load(UTILS, ["split_decodes_and_prefills"], ns)
    compile_nodes(module, nodes, ns, class_name=owner)
    return ns[owner], common_metadata_class(release)


def common_metadata_class(release):
    """A stand-in CommonAttentionMetadata with the release's own token_to_req_indices."""
    backend = release.module(BACKEND)
    to_req, _ = find_function(backend, ["CommonAttentionMetadata.token_to_req_indices"])
    # np_to_pinned_tensor (vllm.utils.torch_utils) pins a numpy array's tensor: pinning needs
    # CUDA and changes no value (the pin_memory adaptation).
    cm_ns = release.namespace(np=np, np_to_pinned_tensor=torch.from_numpy)
    compile_nodes(backend, [to_req], cm_ns, class_name="CommonAttentionMetadata", base=Stand)
    return cm_ns["CommonAttentionMetadata"]


def _unpack(packed, buffer_before):
    """0.27.0's packed C128A rows laid out in 0.25.0's buffer: rows at the buffer's stride,
    -1 past the packed width, the rest of the buffer as it was."""
    out = buffer_before.clone()
    if packed is not None and packed.numel():
        rows = packed.reshape(packed.shape[0], -1)
        out[:rows.shape[0]] = -1
        out[:rows.shape[0], :rows.shape[1]] = rows
    return out


def _binder(relpath):
    return lambda release: _bind(release, relpath)


def new_builder(builder_cls, ratio, req_id_per_token_buffer, compressed_slot_mapping_buffer, c128a_buffers):
    """A sparse-MLA builder of compress ratio `ratio` (no speculative decoding, no prefill context
    parallelism) writing into the given buffers, as its __init__ leaves it; `c128a_buffers`
    {name: tensor} of C128A, whose width is c128a_max_compressed (empty at ratio 4)."""
    builder = builder_cls.__new__(builder_cls)
    builder.__dict__.update(
        compress_ratio=ratio, topk_tokens=0, reorder_batch_threshold=1,
        c128a_max_compressed=c128a_buffers["c128a_global_decode_buffer"].shape[1],
        pcp_size=1, pcp_rank=0,  # no prefill context parallelism (0.34.0's deepseek_v41)
        kv_cache_spec=Stand(block_size=KV_BLOCK_SIZE, storage_block_size=KV_BLOCK_SIZE // ratio,
                            num_states=KV_BLOCK_SIZE // ratio, tokens_per_state=ratio),
        req_id_per_token_buffer=req_id_per_token_buffer,
        compressed_slot_mapping_buffer=compressed_slot_mapping_buffer, **c128a_buffers)
    return builder


def common_metadata(cm_cls, inputs):
    """The stand-in CommonAttentionMetadata of a dumped case: its tensors, the host copies the
    runner keeps (query_start_loc_cpu, seq_lens_cpu_upper_bound), no cached request index, no
    decode context parallelism."""
    qsl, seq_lens = inputs["query_start_loc"], inputs["seq_lens"]
    lens = qsl[1:] - qsl[:-1]
    return cm_cls(query_start_loc=qsl, query_start_loc_cpu=qsl.to("cpu", copy=True), seq_lens=seq_lens,
                  seq_lens_cpu_upper_bound=seq_lens.to("cpu", copy=True), num_reqs=qsl.shape[0] - 1,
                  num_actual_tokens=int(qsl[-1]), max_query_len=int(lens.max()), max_seq_len=int(seq_lens.max()),
                  block_table_tensor=inputs["block_table"], slot_mapping=inputs["slot_mapping"],
                  positions=inputs["positions"], _token_to_req_indices_cache=None, is_prefilling=None,
                  dcp_local_seq_lens=None)


def c128a_outputs(md, inputs, before):
    """The C128A outputs of a ratio-128 builder's metadata `md`, in 0.25.0's layout (module
    docstring); `before`: the C128A buffers as they were before the call. A packed (0.27.0)
    result is laid out again in `inputs`' buffers."""
    width = inputs["c128a_global_decode_buffer"].shape[1]
    decode = getattr(md, "c128a_global_decode_topk_indices", None)
    prefill = getattr(md, "c128a_prefill_topk_indices", None)
    packed = decode is not None and decode.shape[-1] < width or prefill is not None and prefill.shape[-1] < width
    if packed:  # 0.27.0's layout, laid out as 0.25.0's (module docstring)
        inputs["c128a_global_decode_buffer"] = _unpack(decode, before["c128a_global_decode_buffer"])
        inputs["c128a_prefill_buffer"] = _unpack(prefill, before["c128a_prefill_buffer"])
        decode = None if decode is None else inputs["c128a_global_decode_buffer"][:decode.shape[0]].unsqueeze(1)
        prefill = None if prefill is None else inputs["c128a_prefill_buffer"][:prefill.shape[0]]
    return {"c128a_global_decode_topk_indices": decode,
            "c128a_decode_topk_lens": getattr(md, "c128a_decode_topk_lens", None),
            "c128a_prefill_topk_indices": prefill}


def _bind(release, relpath):
    builder_cls, cm_cls = builder_class(release, relpath)

    def run(params, inputs, counted):
        before = {name: inputs[name].clone() for name in C128A}
        builder = new_builder(builder_cls, params["ratio"], inputs["req_id_per_token_buffer"],
                              inputs["compressed_slot_mapping"], {name: inputs[name] for name in C128A})
        cm = common_metadata(cm_cls, inputs)
        with counted():
            md = builder.build(0, cm)
        return {"compressed_slot_mapping": inputs["compressed_slot_mapping"],
                "req_id_per_token": md.req_id_per_token, **c128a_outputs(md, inputs, before)}
    return run


SITES = [
    Site("sparse_mla_slot_mapping", SPARSE,
         "DeepseekV4FlashMLAMetadataBuilder.build (request index, compressed slot mapping, C128A top-k "
         "metadata); DeepseekV4SparseMLAMetadataBuilder.build from 0.33.0", locator(SPARSE), _binder(SPARSE),
         views={"block_table": "block_table_base"}, uses_triton=True),
    # The same clamp_ in DeepSeek V4.1's builder (0.34.0 on): no C128A metadata, so only the
    # request index, the compressed slot mapping and the shared table after the call compare.
    Site("sparse_mla_slot_mapping", SPARSE_V41,
         "DeepseekV4SparseMLAMetadataBuilder.build of DeepSeek V4.1 (request index, compressed slot mapping), "
         "on the sparse-MLA suite's inputs", locator(SPARSE_V41), _binder(SPARSE_V41),
         views={"block_table": "block_table_base"}, uses_triton=True, name="sparse_mla_slot_mapping@deepseek_v41",
         optional=True, compares=frozenset({"compressed_slot_mapping", "req_id_per_token", "block_table",
                                            "block_table_base", "query_start_loc", "seq_lens", "positions",
                                            "slot_mapping", "req_id_per_token_buffer"})),
]
