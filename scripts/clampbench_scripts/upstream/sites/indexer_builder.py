# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""DeepSeek V4's indexer metadata builder (`DeepseekV32IndexerMetadataBuilder`,
vllm/v1/attention/backends/mla/indexer.py) from a release's text, for the sparse_mla_step site:
the whole class (`build`, `_prepare_decode_tensors`, `_prepare_global_decode_seq_lens`, ...)
on a stand-in base, with the module's helpers it uses (`split_indexer_prefill_chunks`,
`build_prefill_chunk_metadata` and its Triton kernel, the metadata dataclasses) and
`get_compressed_slot_mapping` and `split_decodes_and_prefills` of their files.

The builder is made by the release's own __init__ from the configuration of an H200 (SM 9.0, 132
SMs) serving DeepSeek V4 with no speculative decoding, no tensor, decode or prefill context
parallelism and the FP8 indexer cache, max_model_len the case's L and max_num_batched_tokens its
buffers' length. It sets what vLLM sets there: `decode_threshold` 1 (0.25.0:
`reorder_batch_threshold` 1), `use_flattening` False (next_n 1 has a native kernel), no varlen
decode metadata (an SM100 kernel), compress ratio 4 with a storage block of 256 // 4 = 64 slots;
its compressed slot mapping buffer is then the dumped one. `current_platform.is_cuda()` is False
here: DeepGEMM's scheduling metadata (which reads no table entry) is not computed, and the logits
budget VLLM_SPARSE_INDEXER_MAX_LOGITS_MB is at its default (512)."""
import ast

from ..vllm_code.extract import compile_nodes, find_top_level
from ..vllm_code.helpers import JitKernelBase
from ..vllm_code.stand import Stand
from .sparse import COMPRESSOR, KV_BLOCK_SIZE, UTILS

INDEXER = "vllm/v1/attention/backends/mla/indexer.py"
INDEXER_BUILDER = "DeepseekV32IndexerMetadataBuilder"
INDEXER_RATIO = 4
SPARSE_LOGITS_MB = 512  # envs.VLLM_SPARSE_INDEXER_MAX_LOGITS_MB's default
H200_SMS = 132


class AttentionMetadataBuilder:
    """Stand-in base class: what AttentionMetadataBuilder.__init__ stores."""

    def __init__(self, kv_cache_spec, layer_names, vllm_config, device):
        self.kv_cache_spec, self.layer_names, self.vllm_config, self.device = (
            kv_cache_spec, layer_names, vllm_config, device)


class MLAAttentionSpec(Stand):
    """Stand-in for the indexer's k-cache spec (the builder tests isinstance)."""


def indexer_class(release):
    """The release's indexer builder class, every method as released, on stand-ins."""
    module = release.module(INDEXER)
    cls = find_top_level(module, INDEXER_BUILDER)
    h200 = Stand(is_cuda=lambda: False, is_rocm=lambda: False, is_xpu=lambda: False, device_type="cpu",
                 get_device_capability=lambda: None, is_device_capability_family=lambda family: family == 90)
    # The warm-up variants of the prefill-chunk kernel (0.27.0) decide what Triton compiles ahead
    # of time, not what a launch computes.
    ns = release.namespace(
        triton=True, envs=Stand(VLLM_SPARSE_INDEXER_MAX_LOGITS_MB=SPARSE_LOGITS_MB), current_platform=h200,
        VllmJitKernel=JitKernelBase, _BUILD_PREFILL_CHUNK_METADATA_INPUT_VARIANTS=(), has_deep_gemm=lambda: False,
        logger=Stand(info_once=lambda *a, **k: None, warning_once=lambda *a, **k: None),
        num_compute_units=lambda index: H200_SMS, get_total_cp_world_size=lambda: 1,
        use_fused_mqa_topk=lambda **k: False,  # an SM100 kernel
        CUDAGraphMode=Stand(NONE=None),  # 0.33.0's TP row sharding: one TP rank here, none
        MLAAttentionSpec=MLAAttentionSpec)
    release.load(COMPRESSOR, ["get_compressed_slot_mapping"], ns)
    release.load(UTILS, ["split_decodes_and_prefills"], ns)
    top = {name for node in module.tree.body for name in _names_defined(node)}
    used = {n.id for n in ast.walk(cls) if isinstance(n, ast.Name)} & top
    release.load(INDEXER, sorted(used - {INDEXER_BUILDER}), ns)
    compile_nodes(module, cls.body, ns, class_name=INDEXER_BUILDER, base=AttentionMetadataBuilder)
    return ns[INDEXER_BUILDER]


def _names_defined(node):
    if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
        return {node.name}
    if isinstance(node, ast.Assign):
        return {t.id for t in node.targets if isinstance(t, ast.Name)}
    return set()


def new_indexer(indexer_cls, max_model_len, buffers, table_width):
    """The indexer builder made by its own __init__ (module docstring), writing into the dumped
    `buffers` (max_num_batched_tokens long): its compressed slot mapping, decode lens and
    expanded (compressed) decode seq lens."""
    compressed_slot_mapping_buffer = buffers["compressed_slot_mapping_buffer"]
    tokens = compressed_slot_mapping_buffer.shape[0]  # max_num_batched_tokens
    config = Stand(
        scheduler_config=Stand(max_num_batched_tokens=tokens, max_num_seqs=tokens),
        parallel_config=Stand(decode_context_parallel_size=1, prefill_context_parallel_size=1,
                              cp_kv_cache_interleave_size=1, tensor_parallel_size=1),
        model_config=Stand(max_model_len=max_model_len, hf_text_config=Stand()),
        speculative_config=None, num_speculative_tokens=0,
        # FP8 indexer cache; the prefill workspace factor vLLM's config resolves (0.33.0 on)
        attention_config=Stand(use_fp4_indexer_cache=False, resolve_indexer_kv_dtype=lambda default: default,
                               sparse_mla_prefill_workspace_factor=5 if max_model_len <= 256 * 1024 else 2),
        compilation_config=Stand(static_forward_context={}, cudagraph_mode=None))
    spec = MLAAttentionSpec(block_size=KV_BLOCK_SIZE, compress_ratio=INDEXER_RATIO, tokens_per_state=INDEXER_RATIO,
                            storage_block_size=KV_BLOCK_SIZE // INDEXER_RATIO,
                            num_states=KV_BLOCK_SIZE // INDEXER_RATIO, model_version="deepseek_v4")
    kwargs = {"block_table_width": table_width} if "block_table_width" in indexer_cls.__init__.__code__.co_varnames \
        else {}
    builder = indexer_cls(spec, ["indexer"], config, compressed_slot_mapping_buffer.device, **kwargs)
    for name, buffer in buffers.items():
        assert getattr(builder, name).shape == buffer.shape and getattr(builder, name).dtype == buffer.dtype, name
        setattr(builder, name, buffer)
    return builder
