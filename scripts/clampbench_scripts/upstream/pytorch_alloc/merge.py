# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""PyTorch's figures (measure.py) merged into a copy of a results document as each variant's
`allocations.pytorch`, and where PyTorch's allocation count differs from the ledger's."""
import copy


def ledger_allocations(variant: dict):
    ledger = (variant.get("allocations") or {}).get("ledger")
    return None if ledger is None else ledger["total"]["allocations"]


def merge(results: dict, measurements: dict):
    """A copy of `results` with allocations.pytorch filled from measurements[(case_id, variant)],
    and the findings: one entry per (case, variant) whose PyTorch count differs from the ledger's."""
    merged = copy.deepcopy(results)
    findings = []
    for case in merged["cases"]:
        for variant in case["variants"]:
            m = measurements.get((case["case_id"], variant["name"]))
            if m is None:
                continue
            m = dict(m)
            if m.get("available"):
                ledger = ledger_allocations(variant)
                m["ledger_allocations"] = ledger
                m["agrees_with_ledger"] = None if ledger is None else ledger == m["allocations"]
                if ledger is not None and ledger != m["allocations"]:
                    findings.append({"suite": case["suite"], "case_id": case["case_id"],
                                     "variant": variant["name"], "ledger": ledger,
                                     "pytorch": m["allocations"]})
            allocs = variant.setdefault("allocations", {})
            if allocs is not None:
                allocs["pytorch"] = m
    return merged, findings


def findings_by_suite(findings):
    """suite -> {variant -> sorted distinct (ledger, pytorch) pairs}: the per-builder report."""
    out = {}
    for f in findings:
        out.setdefault(f["suite"], {}).setdefault(f["variant"], set()).add((f["ledger"], f["pytorch"]))
    return {s: {v: sorted(p) for v, p in vs.items()} for s, vs in out.items()}
