# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""ngram: the GPU n-gram proposer (vllm/v1/spec_decode/ngram_proposer_gpu.py)."""
import contextlib

from ..vllm_code.extract import compile_nodes
from ..vllm_code.stand import Stand
from .model import Site

NGRAM = "vllm/v1/spec_decode/ngram_proposer_gpu.py"
# (prompt_lookup_min, prompt_lookup_max) by the suites' "ngram_range" axis value
# (suites/detail/ngram_range.h kNgramRanges), and gpu_input_batch.vocab_size of the update
# suite (suites/detail/ngram_history.h kNgramVocab): constants of the C++ generators.
NGRAM_RANGES = ((5, 5), (2, 5), (3, 5), (1, 4))
NGRAM_VOCAB = 32


def _method(release, qualname):
    module, fn, _ = release.find(NGRAM, [qualname])
    return module, fn


def _locator(qualname):
    def locate(release):
        module, fn = _method(release, qualname)
        return module, [fn]
    return locate


def _class(release, qualname):
    """A class of the method's owner's name holding just the method `qualname`."""
    module, fn = _method(release, qualname)
    owner = qualname.split(".")[0]
    ns = compile_nodes(module, [fn], release.namespace(
        set_forward_context=lambda *a, **k: contextlib.nullcontext(),
        record_function_or_nullcontext=lambda *a, **k: contextlib.nullcontext()), class_name=owner)
    return ns[owner]


def _instance(cls, **attrs):
    obj = cls.__new__(cls)
    obj.__dict__.update(attrs)
    return obj


FIND = "NgramGPUKernel._find_first_and_extract_all_n_parallel"
PROPOSE = "NgramProposerGPU.propose"
UPDATE = "NgramProposerGPU.update_token_ids_ngram"


def _bind_find(release):
    kernel = _instance(_class(release, FIND))

    def run(params, inputs, counted):
        min_n, max_n = NGRAM_RANGES[params["ngram_range"]]
        with counted():
            draft = kernel._find_first_and_extract_all_n_parallel(inputs["token_ids"], inputs["seq_lengths"],
                                                                   min_n, max_n, params["K"])
        return {"draft_tokens": draft}
    return run


class KernelCall:
    """Stand-in for NgramProposerGPU.kernel: records what propose hands it."""

    def __call__(self, num_tokens_tmp, token_ids_gpu, combined_mask):
        self.args = (num_tokens_tmp, token_ids_gpu, combined_mask)
        return None, None


def _bind_propose(release):
    cls = _class(release, PROPOSE)

    def run(params, inputs, counted):
        token_ids = inputs["token_ids"]
        kernel = KernelCall()
        proposer = _instance(cls, k=params["K"], device=token_ids.device, min_n=1, vllm_config=None,
                             kernel=kernel)
        with counted():
            proposer.propose(params["K"], inputs["num_tokens_no_spec"], token_ids,
                             inputs["valid_sampled_token_ids"], inputs["valid_sampled_tokens_count"])
        num_tokens_tmp, _, combined_mask = kernel.args
        return {"token_ids": token_ids, "num_tokens_tmp": num_tokens_tmp, "combined_mask": combined_mask}
    return run


def _bind_update(release):
    cls = _class(release, UPDATE)

    def run(params, inputs, counted):
        sampled = inputs["sampled_token_ids"]
        proposer = _instance(cls, device=sampled.device)
        batch = Stand(num_reqs=sampled.shape[0], vocab_size=NGRAM_VOCAB)
        with counted():
            next_ids, count, valid_ids = proposer.update_token_ids_ngram(
                sampled, batch, inputs["token_ids"], inputs["num_tokens_no_spec"],
                inputs["discard_request_mask"])
        return {"next_token_ids": next_ids, "valid_sampled_tokens_count": count,
                "valid_sampled_token_ids": valid_ids}
    return run


SITES = [
    Site("ngram_find", NGRAM, FIND, _locator(FIND), _bind_find),
    Site("ngram_propose", NGRAM, f"{PROPOSE} (the scatter of the sampled tokens, up to the kernel call)",
         _locator(PROPOSE), _bind_propose),
    Site("ngram_update", NGRAM, UPDATE, _locator(UPDATE), _bind_update),
]
