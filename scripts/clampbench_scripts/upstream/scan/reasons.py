# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Why a hazard that no suite covers needs none: the vLLM lines that show its write never reaches
a reader of a real step. Keyed by file, function, op and the tensor as written, not by line, so a
write that moves keeps its reason; `scan --strict` fails on a hazard with neither a suite nor a
reason here."""

_CAPTURE_ONLY = ("capture only: build_for_cudagraph_capture runs on the dummy batch, whose "
                 "query_start_loc InputBatch.make_dummy fills (v1/worker/gpu/input_batch.py:174-180, "
                 "0.34.0), and every real step rewrites the whole buffer from the host before its "
                 "build (v1/worker/gpu/model_runner.py:1539-1540)")

_CAPTURE_SEQ_LENS = ("capture only: build_for_cudagraph_capture fills the seq_lens that build hands back, the "
                     "runner's own, on the dummy batch InputBatch.make_dummy fills "
                     "(v1/worker/gpu/input_batch.py:165-168, 0.34.0); every real step rewrites the whole "
                     "buffer, padding included, before its build (_prepare_pos_seq_lens_kernel, "
                     "v1/worker/gpu/input_batch.py:366-384, launched at v1/worker/gpu/model_runner.py:1569-1575)")
_BACKENDS = "vllm/v1/attention/backends/"

REASONS = {
    (_BACKENDS + "rocm_attn.py", "RocmAttentionMetadataBuilder.build_for_cudagraph_capture",
     "zero_", "common_attn_metadata.query_start_loc"): _CAPTURE_ONLY,
    **{(_BACKENDS + file, f"{builder}.build_for_cudagraph_capture", "fill_", "attn_metadata.seq_lens"):
       _CAPTURE_SEQ_LENS
       for file, builder in (("triton_attn.py", "TritonAttentionMetadataBuilder"),
                             ("rocm_attn.py", "RocmAttentionMetadataBuilder"),
                             ("rocm_aiter_unified_attn.py", "RocmAiterUnifiedAttentionMetadataBuilder"),
                             ("turboquant_attn.py", "TurboQuantMetadataBuilder"))},
}


def reason_for(file, function, op, receiver):
    """The stated reason for this write, or None."""
    return REASONS.get((file, function, op, receiver))
