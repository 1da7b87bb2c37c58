# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The static-sink report as markdown, for a maintainer: what is written and where, the
smallest step that shows it, the values before and after, what the sampler then does (vLLM's
own functions, run here), which released models reach it, and the fix with its cost."""
from .sink_case import BLOCK_SIZE, PROMPT_LEN, SINK_BLOCKS


def _cite(line, what):
    return f"- `{line.where}`: {what}\n\n  ```python\n  " + line.text.replace("\n", "\n  ") + "\n  ```" \
        if line is not None else f"- {what}: not found in this tree"


def _row(step, label):
    r, f = step.released, step.fixed
    return (f"| {label} | {step.groups} | {step.seq_len} | {r.seq_len_after} | {r.num_sampled} | "
            f"{f.seq_len_after} | {f.num_sampled} |")


def _allocations(run, groups):
    per_group = len(run.allocations) // max(groups, 1)
    ops = ", ".join(f"`{op}` (:{line})" for op, line in run.allocations[:per_group])
    return f"{per_group} per group: {ops}"


def render(label, command, lines, one, window, two):
    """`one`: a one-group step whose chunk ends within sink_len of the prompt's end; `window`:
    one group, the chunk further back; `two`: two groups, the chunk as far back as `window`."""
    sink_len = SINK_BLOCKS * BLOCK_SIZE
    out = [f"# StaticSinkAttentionBuilder.build raises the runner's shared `seq_lens` in place ({label})", "",
           "**In one line**: the build adds `sink_len` to `common_attn_metadata.seq_lens` in place, and that "
           "tensor is the v2 runner's `input_batch.seq_lens`; the sampler reads it after the step, so a "
           "prefill chunk that ends within `sink_len` tokens of its prompt's end is taken for the last "
           "chunk and samples a token mid-prompt.", "",
           f"Reproduce: `{command}` (vLLM's own build and sampler kernel from the wheel, on the CPU).", "",
           "## Where", "",
           _cite(lines.stores, "the build writes the metadata's `seq_lens` in place"),
           _cite(lines.runner, "the v2 runner hands its own `input_batch.seq_lens` to the metadata build"),
           _cite(lines.metadata, "every KV-cache group's `CommonAttentionMetadata` holds that same tensor"),
           _cite(lines.sampler, "after the step, the sampler reads `input_batch.seq_lens`"),
           _cite(lines.test, "a request is still prefilling while `seq_len < prefill_len`"), "",
           "## The smallest step that shows it", "",
           f"One request with a {PROMPT_LEN}-token prompt (`prefill_len`), block size {BLOCK_SIZE}, "
           f"`sink_len` {sink_len}: the runner's `seq_lens` holds where this step's chunk ends. "
           "`num_sampled` is what vLLM's `get_num_sampled_and_rejected` returns for the request "
           f"(0: still prefilling; with the runner's own `seq_lens` it is {one.untouched}).", "",
           "| step | KV-cache groups | seq_lens before | released: seq_lens after | released: num_sampled "
           "| fix: seq_lens after | fix: num_sampled |",
           "|---|---|---|---|---|---|---|",
           _row(one, f"chunk ends {PROMPT_LEN - one.seq_len} tokens before the prompt's end"),
           _row(window, f"chunk ends {PROMPT_LEN - window.seq_len} tokens before it"),
           _row(two, "the same chunk, two static-sink groups"), "",
           "## Consequence", "",
           f"- One KV-cache group: a chunk ending fewer than `sink_len` ({sink_len}) tokens before its "
           f"prompt's end is taken for the last one (`{one.seq_len} + {sink_len} >= {PROMPT_LEN}`): the "
           f"request samples a token (`num_sampled` {one.untouched} -> {one.released.num_sampled}) from "
           "the logits of a mid-prompt position.",
           f"- Two groups sharing the buffer: each build adds `sink_len` again, so the window doubles "
           f"(`{two.seq_len} + 2 x {sink_len} >= {PROMPT_LEN}`: `num_sampled` {two.untouched} -> "
           f"{two.released.num_sampled}).", _reach(lines), "",
           "## Fix", "",
           "Give the group's metadata its own tensor instead of writing the runner's:", "",
           "```diff",
           "-            common_attn_metadata.seq_lens[:] = (",
           "-                common_attn_metadata.seq_lens + self.sink_len",
           "-            )",
           "+            common_attn_metadata.seq_lens = common_attn_metadata.seq_lens + self.sink_len",
           "```", "",
           f"The masked store that follows then writes the new tensor. Cost: the released form allocates "
           f"{_allocations(one.released, one.groups)}; the fix the same, {_allocations(one.fixed, one.groups)}, "
           f"and the runner's `seq_lens` stays {one.fixed.seq_len_after} (`num_sampled` "
           f"{one.fixed.num_sampled}). Measured on vLLM's build wired so (each group's metadata its own copy, "
           "clampbench's `static_sink` suite `clamp` variant).", ""]
    return "\n".join(out)


def _reach(lines):
    if not lines.users:
        return "- No model of this tree builds a `StaticSinkAttention`."
    users = ", ".join(f"`{u.where}`" for u in lines.users)
    text = f"- Built by {users}."
    if lines.openpangu_switch is not None:
        text += (f" OpenPangu makes every decoder layer a sink layer alike (`{lines.openpangu_switch.where}`: "
                 "`param_sink_number > 0`, one `sink_len`), so its layers form one KV-cache group: it reaches "
                 "the one-group consequence, not the two-group one.")
        if len(lines.users) == 1:
            text += " No other model of this tree builds one, so none reaches two groups."
    return text
