# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""What one aten op that vLLM's code dispatches costs the host on a GPU (host_cost.py counts
it): whether it is a view, how many kernels it launches, whether the host waits for it.

The rules (the runtime's own are in results' host_cost spec; these are PyTorch's on CUDA):
- a view or alias (select, slice, unsqueeze, view, expand, alias, detach, unfold, ...; and
  lift_fresh and scalar_tensor, a Python scalar wrapped as a host tensor for an op to read) is
  no op: counted as `views`, never launches;
- every other op is one op; on device data it launches one kernel when it produces or writes
  a non-empty tensor, except the allocating factories (empty, empty_like, empty_strided: none)
  and the scalar read (_local_scalar_dense: none, one copy to the host, one sync);
- a copy between host and device (copy_ or _to_copy with one side on each) launches no
  kernel: it is a host-to-device or device-to-host copy; device-to-host is also a sync;
- a data-dependent size on device data is one sync: nonzero, masked_select, unique,
  repeat_interleave without output_size, indexing with a boolean mask (index.Tensor);
  `equal` reads its answer back (one sync);
- `t[mask] = scalar` is index_put_ under torch 1.13 and masked_fill_ under the torch 2 vLLM
  runs (dispatch_writes.boolean_index): counted as masked_fill_, one launch, no sync;
- ops on host tensors (the host sites, vLLM's *_cpu tensors) launch nothing and never sync."""
VIEWS = frozenset({
    "alias", "as_strided", "detach", "diagonal", "expand", "expand_as", "lift_fresh", "narrow", "permute",
    "reshape", "select", "slice", "split", "split_with_sizes", "squeeze", "t", "transpose", "unbind",
    "unflatten", "unfold", "unsqueeze", "view", "view_as", "_reshape_alias", "_unsafe_view", "chunk",
    "movedim", "flatten", "scalar_tensor"})
ALLOCATE_ONLY = frozenset({"empty", "empty_like", "empty_strided", "new_empty", "new_empty_strided"})
DATA_DEPENDENT = frozenset({"nonzero", "masked_select", "unique", "_unique", "_unique2", "unique_dim",
                            "unique_consecutive"})
SCALAR_READ = "_local_scalar_dense"
READS_BACK = frozenset({"equal"})  # one kernel, then its answer read back


def boolean_fill(name, args):
    """True for `t[mask] = scalar` as torch 1.13 dispatches it: index_put_ with one boolean index
    and a one-element value."""
    if name != "index_put_" or len(args) < 3 or not isinstance(args[1], (list, tuple)):
        return False
    indices = [i for i in args[1] if i is not None]
    return (len(indices) == 1 and getattr(indices[0], "dtype", None) is not None
            and str(indices[0].dtype) in ("torch.bool", "torch.uint8") and args[2].numel() == 1)


def syncs_on(name, args, kwargs):
    """Whether op `name` on device data makes the host wait (beyond the copies)."""
    if name in DATA_DEPENDENT or name in READS_BACK:
        return True
    if name == "repeat_interleave":
        return kwargs.get("output_size") is None and (len(args) < 4 or args[-1] is None)
    if name == "index":  # a boolean mask needs its true count (nonzero) before the gather
        return any(i is not None and str(i.dtype) in ("torch.bool", "torch.uint8") for i in args[1])
    if name == "index_put_":  # a boolean mask other than the masked_fill_ fast path
        return not boolean_fill(name, args) and any(
            i is not None and str(i.dtype) in ("torch.bool", "torch.uint8") for i in args[1])
    return False


def launches(name, written_or_made):
    """Kernels op `name` launches on device data, given the non-empty tensors it makes or writes."""
    if name in ALLOCATE_ONLY or name == SCALAR_READ:
        return 0
    return 1 if written_or_made or name in READS_BACK else 0
