# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""step3p5_slot_mapping: Step3.5 MTP draft steps (vllm/v1/spec_decode/step3p5.py).

The override runs on top of its parent's `_update_positions_dependent_metadata`
(llm_base_proposer.py), which advances the proposer's positions buffer with the Triton kernel
`eagle_step_slot_mapping_metadata_kernel`: both are vLLM's own code here, the kernel run by
Triton's interpreter. One call is one proposal's K - 1 draft steps, fed as vLLM's propose loop
feeds them: step 1 gets a fresh copy of the step-0 positions, every later step the view of the
positions buffer that the previous step returned."""
import torch

from ..vllm_code.extract import compile_nodes, find_function
from ..vllm_code.stand import Stand
from .model import Site

STEP3P5 = "vllm/v1/spec_decode/step3p5.py"
BASE = "vllm/v1/spec_decode/llm_base_proposer.py"
SPEC_UTILS = "vllm/v1/spec_decode/utils.py"
OVERRIDE = "Step3p5MTPProposer._update_positions_dependent_metadata"


def _override(release):
    module, fn, _ = release.find(STEP3P5, [OVERRIDE])
    return module, fn


def _locate(release):
    module, fn = _override(release)
    return module, [fn]


def _proposer_class(release):
    ns = release.namespace(triton=True)
    release.load(SPEC_UTILS, ["PADDING_SLOT_ID", "eagle_step_update_slot_mapping_and_metadata"], ns)
    base_module, base_fn, base_owner = release.find(BASE, ["LLMBaseProposer._update_positions_dependent_metadata",
                                                      "SpecDecodeBaseProposer._update_positions_dependent_metadata",
                                                      "EagleProposer._update_positions_dependent_metadata"])
    compile_nodes(base_module, [base_fn], ns, class_name="EagleProposer")
    module, fn = _override(release)
    slot_buffer_for, _ = find_function(module, ["Step3p5MTPProposer._slot_mapping_buffer_for"])
    compile_nodes(module, [fn, slot_buffer_for], ns, class_name="Step3p5MTPProposer", base=ns["EagleProposer"])
    return ns["Step3p5MTPProposer"]


def _bind(release):
    cls = _proposer_class(release)

    def run(params, inputs, counted):
        positions0, buffer = inputs["sampled_positions"], inputs["positions_buffer"]
        tables, slot_mappings = inputs["block_tables"], inputs["slot_mappings"]
        groups, batch, block_size = tables.shape[0], positions0.shape[0], params["bs"]
        max_model_len = tables.shape[2] * block_size  # the suite's model (suites/step3p5_slot_mapping.cpp)
        input_batch_size = -(-batch // 8) * 8
        device = buffer.device  # the stand-ins reach the kernel: on the inputs' device
        proposer = cls.__new__(cls)
        proposer.__dict__.update(
            uses_mrope=False, uses_xdrope_dim=0, draft_uses_xdrope_dim=0, positions=buffer,
            max_model_len=max_model_len, kv_cache_gid=0, device=device,
            # the primary group (gid 0) is the parent's: its slot mapping is not an output
            _slot_mapping_buffer=torch.zeros(slot_mappings.shape[1], dtype=torch.int64, device=device),
            draft_attn_groups=[Stand(kv_cache_group_id=g) for g in range(groups + 1)],
            _per_group_block_tables={g + 1: tables[g] for g in range(groups)},
            _per_group_slot_mappings={},
            _per_group_slot_mapping_buffers={g + 1: slot_mappings[g] for g in range(groups)})
        cm = Stand(block_table_tensor=torch.zeros(batch, tables.shape[2], dtype=torch.int32, device=device),
                   seq_lens=torch.ones(batch, dtype=torch.int32, device=device), slot_mapping=None,
                   max_seq_len=1, _seq_lens_cpu=None, _num_computed_tokens_cpu=None,
                   seq_lens_cpu_upper_bound=None)
        positions = positions0  # vLLM: self.positions[token_indices_to_sample], a fresh copy
        with counted():
            for _ in range(params["K"] - 1):
                positions = proposer._update_positions_dependent_metadata(positions, cm, batch,
                                                                          input_batch_size, block_size)
        return {"slot_mappings": slot_mappings, "positions": positions}
    return run


SITES = [Site("step3p5_slot_mapping", STEP3P5, f"{OVERRIDE} (over its parent's, K - 1 draft steps)",
              _locate, _bind, uses_triton=True)]
