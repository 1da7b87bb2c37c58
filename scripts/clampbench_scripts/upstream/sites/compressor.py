# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""DeepSeek V4's compressor metadata (vllm/models/deepseek_v4/compressor.py): `build` runs as
released, the request index (CommonAttentionMetadata.token_to_req_indices, compiled as for
sparse MLA) into the builder's buffer, then `block_table_tensor.clamp_(min=0)`.

In place in every release (not part of pull request #48143): `clamp_` is held to 0.25.0 and
0.27.0 alike, `clamp` and `fused` are counterfactuals (site.IN_PLACE_IN_BOTH). 0.27.0's
`num_decode_tokens` (ROCm only: `current_platform.is_rocm()` is False here) and
`c128_boundary` (read from host lists the stand-in leaves None) are not compared."""
import ast

from ..vllm_code.extract import compile_nodes
from ..vllm_code.stand import Stand
from .chunked import Captured
from .model import IN_PLACE_IN_BOTH, Site
from .sparse import UTILS, common_metadata_class

COMPRESSOR = "vllm/models/deepseek_v4/compressor.py"
BUILDER = "CompressorMetadataBuilder"
HELPERS = ("_prefer_two_stage_compressor", "_get_c128_boundary")  # of compressor.py, 0.27.0 on
BLOCK_SIZE = {4: 4, 128: 8}  # CompressorStateCache: the state block size by compress ratio


def _build(release):
    module, fn, _ = release.find(COMPRESSOR, [f"{BUILDER}.build"])
    return module, fn


def _locate(release):
    module, fn = _build(release)
    return module, [fn]


def _bind(release):
    module, build = _build(release)
    ns = release.namespace(CompressorMetadata=Captured, CommonAttentionMetadata=Stand)
    used = {n.id for n in ast.walk(build) if isinstance(n, ast.Name)}
    if used & set(HELPERS):
        release.load(module.relpath, sorted(used & set(HELPERS)), ns)
    if "split_decodes_and_prefills" in used:
        release.load(UTILS, ["split_decodes_and_prefills"], ns)
    compile_nodes(module, [build], ns, class_name=BUILDER)
    cm_cls = common_metadata_class(release)

    def run(params, inputs, counted):
        qsl = inputs["query_start_loc"]
        builder = ns[BUILDER].__new__(ns[BUILDER])
        builder.__dict__.update(
            block_size=BLOCK_SIZE[params["ratio"]], token_to_req_indices=inputs["token_to_req_indices_buffer"],
            vllm_config=Stand(scheduler_config=Stand(async_scheduling=False), speculative_config=None))
        cm = cm_cls(query_start_loc=qsl, query_start_loc_cpu=qsl.clone(), num_reqs=qsl.shape[0] - 1,
                    num_actual_tokens=inputs["slot_mapping"].shape[0], block_table_tensor=inputs["block_table"],
                    slot_mapping=inputs["slot_mapping"], _token_to_req_indices_cache=None,
                    _num_computed_tokens_cpu=None, seq_lens_cpu_upper_bound=None)
        with counted():
            md = builder.build(0, cm)
        return {"block_table": md.block_table, "token_to_req_indices": md.token_to_req_indices}
    return run


SITES = [
    Site("compressor_block_table", COMPRESSOR, f"{BUILDER}.build (request index, the block table clamped at 0)",
         _locate, _bind, views={"block_table": "block_table_base"}, pairing=IN_PLACE_IN_BOTH),
]
