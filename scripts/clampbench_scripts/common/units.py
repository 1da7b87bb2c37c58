# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Human-readable numbers for tables: times in ns/us/ms/s, bytes in B/KiB/MiB, signed deltas."""


def fmt_time(ns):
    if ns is None:
        return "-"
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("us", 1e3)):
        if abs(ns) >= scale:
            return f"{ns / scale:.3g} {unit}"
    return f"{ns:.3g} ns"


def fmt_bytes(n):
    if n is None:
        return "-"
    for unit, scale in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if abs(n) >= scale:
            return f"{n / scale:.3g} {unit}"
    return f"{n:g} B"


def fmt_count(n):
    return "-" if n is None else f"{n:g}"


def fmt_delta(d, fmt=fmt_count):
    if d is None:
        return "-"
    if d == 0:
        return "±0"
    return ("+" if d > 0 else "-") + fmt(abs(d))


def fmt_ratio(r):
    return "-" if r is None else f"x{r:.3f}"
