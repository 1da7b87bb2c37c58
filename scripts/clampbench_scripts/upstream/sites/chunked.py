# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""mla_chunked_context and rocm_aiter_fa_chunks: chunked-context planning on host tensors (MLA prefill, ROCm AITER extend).

vLLM hands part of this metadata on as Python lists (seq_tot, max_seq_lens, ...); the runners
return them as lists, and the check compares their values with the port's tensors."""
import numpy as np
import torch

from ..vllm_code.extract import (ExtractError, compile_code, compile_nodes, find_if, find_top_level,
                                 statements_between)
from .layouts import mla_context_rows
from .model import Site

MLA = "vllm/model_executor/layers/attention/mla_attention.py"
UTILS = "vllm/v1/attention/backends/utils.py"
ROCM = "vllm/v1/attention/backends/rocm_aiter_fa.py"
# Constants of the C++ suites (suites/mla_chunked_context.cpp): workspace rows and page size.
MLA_WORKSPACE, MLA_BLOCK_SIZE = 65536, 64


class Captured:
    """Stand-in for a metadata dataclass: keeps the keyword arguments it was built with."""

    def __init__(self, **fields):
        self.__dict__.update(fields)


class PrefillMetadata:
    ChunkedContextMetadata = Captured
    ContextChunk = Captured


def _mla_code(release):
    """('function', module, fn) for the factored-out builder (0.27.0 on), or ('inline',
    module, [statements]) for the block inside MLACommonMetadataBuilder.build (0.25.0)."""
    try:
        module, fn, _ = release.find(MLA, ["build_mla_chunked_context_metadata"])
        return "function", module, fn
    except ExtractError as exc:
        if exc.kind != "missing":
            raise
        module, build, _ = release.find(MLA, ["MLACommonMetadataBuilder.build"])
        head = statements_between(module, build, "max_context_len_cpu", "num_prefills_with_context_cpu")
        return "inline", module, [*head, find_if(module, build, "max_context_len_cpu > 0")]


def _locate_mla(release):
    kind, module, code = _mla_code(release)
    return module, [code] if kind == "function" else code


def _mla_outputs(md, dcp):
    if md is None:  # vLLM: no prefill has context, no chunked-context metadata
        return {}
    out = {"chunk_starts": md.starts, "cu_seq_lens": md.cu_seq_lens, "seq_lens": md.seq_lens,
           "token_to_seq": md.token_to_seq, "seq_tot": md.seq_tot, "max_seq_lens": md.max_seq_lens}
    if dcp:
        out["local_seq_lens"] = md.padded_local_chunk_seq_lens
        out["local_cu_seq_lens"] = md.padded_local_cu_seq_lens
    else:
        out["local_seq_lens"], out["local_cu_seq_lens"] = md.seq_lens, md.cu_seq_lens
    return out


def _bind_mla(release):
    kind, module, code = _mla_code(release)
    ns = release.namespace(MLACommonPrefillMetadata=PrefillMetadata, np=np, PIN_MEMORY=False)
    release.load(UTILS, ["get_dcp_local_seq_lens"], ns)
    # 0.34.0 packs per-request chunks (plan_mla_context_chunks) and takes no num_prefills
    chunks = kind == "function" and "num_prefills" not in {a.arg for a in code.args.kwonlyargs}
    if chunks:
        release.load(module.relpath, [code.name], ns)
    elif kind == "function":
        compile_nodes(module, [code], ns)
    else:
        block = compile_code(module, code)

    def run(params, inputs, counted):
        lens = inputs["context_lens"]
        ranks, interleave = params["D"], params["I"]
        self = Captured(chunked_prefill_workspace_size=MLA_WORKSPACE, page_size=MLA_BLOCK_SIZE,
                        chunked_prefill_workspace=None, dcp_world_size=ranks,
                        dcp_local_block_size=interleave, dcp_virtual_block_size=interleave * ranks)
        query_start_loc = inputs.get("prefill_query_start_loc_cpu")  # one entry read; not an output
        if query_start_loc is None:  # a dump made without it
            query_start_loc = torch.arange(lens.shape[0] + 1, dtype=torch.int32)
        if chunks:
            with counted():
                md = ns[code.name](
                    context_lens_cpu=lens, prefill_query_start_loc_cpu=query_start_loc,
                    chunked_prefill_workspace=None, chunked_prefill_workspace_size=MLA_WORKSPACE,
                    block_size=MLA_BLOCK_SIZE, align_chunk_to_block=True, device=lens.device,
                    dcp_world_size=ranks, dcp_local_block_size=interleave,
                    dcp_virtual_block_size=interleave * ranks)
            return {} if md is None else {"context_chunks": md.chunks}
        if kind == "function":
            with counted():
                md = ns["build_mla_chunked_context_metadata"](
                    context_lens_cpu=lens, prefill_query_start_loc_cpu=query_start_loc,
                    num_prefills=lens.shape[0], chunked_prefill_workspace=None,
                    chunked_prefill_workspace_size=MLA_WORKSPACE, block_size=MLA_BLOCK_SIZE,
                    align_chunk_to_block=True, device=lens.device, dcp_world_size=ranks,
                    dcp_local_block_size=interleave, dcp_virtual_block_size=interleave * ranks)
        else:
            local = dict(ns, self=self, context_lens_cpu=lens, num_prefills=lens.shape[0],
                         prefill_query_start_loc_cpu=query_start_loc, device=lens.device,
                         chunked_context_metadata=None)
            with counted():
                exec(block, local)
            md = local["chunked_context_metadata"]
        return _mla_outputs(md, ranks > 1)
    return run


def _rocm_code(release):
    module, build, _ = release.find(ROCM, ["AiterFlashAttentionMetadataBuilder.build"])
    return module, statements_between(module, build, "max_context_chunk", "chunk_context_metadata")


def _locate_rocm(release):
    return _rocm_code(release)


def _bind_rocm(release):
    module, statements = _rocm_code(release)
    ns = release.namespace(AiterChunkContextMetadata=Captured)
    compile_nodes(module, [find_top_level(module, "_CP_TOKENS_PER_ITER_ROCM")], ns)
    code = compile_code(module, statements)

    def run(params, inputs, counted):
        lens = inputs["computed_kv_lens"]
        local = dict(ns, self=Captured(extend_workspace=None, device=lens.device), swa_metadata=None,
                     computed_kv_lens=lens, num_extends=lens.shape[0])
        with counted():
            exec(code, local)
        md, seq_lens = local["chunk_context_metadata"], local["chunk_seq_lens"]
        return {"chunk_starts": md.chunk_starts, "cu_seq_lens": md.cu_seq_lens_chunk, "seq_lens": seq_lens,
                "token_to_batch": md.token_to_batch,
                "seq_tot": md.total_token_per_batch, "max_seq_lens": md.max_seq_lens}
    return run


SITES = [
    Site("mla_chunked_context", MLA,
         "build_mla_chunked_context_metadata (0.27.0 on); the `if max_context_len_cpu > 0:` block of "
         "MLACommonMetadataBuilder.build before it", _locate_mla, _bind_mla,
         semantics=mla_context_rows, on_device=False),
    Site("rocm_aiter_fa_chunks", ROCM,
         "AiterFlashAttentionMetadataBuilder.build, extend path: `max_context_chunk = ...` through "
         "`chunk_context_metadata = ...`", _locate_rocm, _bind_rocm, on_device=False),
]
