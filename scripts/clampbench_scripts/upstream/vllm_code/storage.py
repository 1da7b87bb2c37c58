# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Which storage a tensor is on, for the counters of vLLM's calls (adapt.AllocationCounter,
host_cost.HostCost): a result on a storage none of an op's inputs had is an allocation."""


def storage_id(t):
    """The StorageImpl behind `t`. Not its data pointer, which is 0 for every empty tensor, so
    that an empty result of an empty input would look like a view of it."""
    untyped = t.untyped_storage() if hasattr(t, "untyped_storage") else t.storage()._storage
    return untyped._cdata
