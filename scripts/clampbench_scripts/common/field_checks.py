# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The checks of one field of a results document, each raising Bad("FIELD: problem") that
results_check turns into an InputError naming the file: present where the schema requires it,
the right type, counts whole numbers within the writer's 64 bits, strings from a fixed set."""
import math

COUNT_LIMIT = 1 << 64  # no JSON number of the writer's is longer; a float could not hold it
INT64_MAX = (1 << 63) - 1  # the writer's counters are std::int64_t


class Bad(Exception):
    def __init__(self, field, problem):
        super().__init__(f"{field}: {problem}")


def show(value):
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def number(value):
    """An int or float (not a bool) that a float can hold: a JSON integer of 400 digits is
    not one (math.isfinite would raise OverflowError on it)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    return not isinstance(value, int) or -COUNT_LIMIT < value < COUNT_LIMIT


def present(obj, key, field):
    """A field the schema requires must be there (null only where the schema allows it)."""
    if key not in obj:
        raise Bad(f"{field}.{key}" if field else key, "missing (results/schema-v1.json requires it)")


def need(ok, field, what, value):
    if not ok:
        raise Bad(field, f"expected {what}, got {show(value)}")


def integer(value, signed=False, least=0):
    """A JSON integer the writer's std::int64_t can hold (at least LEAST unless SIGNED). Never a
    bool, nor a float: 8.5 allocations would read as BETTER than 9, 1e300 as a regression."""
    if isinstance(value, bool) or not isinstance(value, int):
        return False
    return (-INT64_MAX - 1 if signed else least) <= value <= INT64_MAX


def count(obj, key, field, signed=False, required=False, least=0):
    """OBJ[KEY] absent (unless REQUIRED), null (idem), or a count: a whole number within the
    writer's 64 bits (at least LEAST unless SIGNED). Every count of a results file is checked
    here, whoever reads it."""
    if required:
        present(obj, key, field)
    v = obj.get(key)
    if v is not None or required:
        what = "a whole number within 64 bits" if signed else f"a whole number from {least} to 2**63-1"
        need(integer(v, signed, least), f"{field}.{key}", what, v)


def measure(obj, key, field):
    """OBJ[KEY] absent, null, or a finite non-negative number (a load average: not a count)."""
    v = obj.get(key)
    if v is not None:
        need(number(v) and math.isfinite(v) and v >= 0, f"{field}.{key}", "a finite non-negative number", v)


def choice(obj, key, field, allowed, required=False):
    """OBJ[KEY] one of ALLOWED (absent or null allowed unless REQUIRED)."""
    if required:
        present(obj, key, field)
    v = obj.get(key)
    if v is not None or required:
        need(isinstance(v, str) and v in allowed, f"{field}.{key}", "one of " + ", ".join(allowed), v)


def list_field(obj, key, field, required=False):
    """OBJ[KEY] as a list ([] when absent/null and not REQUIRED)."""
    if required:
        present(obj, key, field)
    v = obj.get(key)
    if v is None and not required:
        return []
    need(isinstance(v, list), f"{field}.{key}", "a list", v)
    return v


def boolean(obj, key, field):
    v = obj.get(key)
    if v is not None:
        need(isinstance(v, bool), f"{field}.{key}", "true or false", v)


def time_field(obj, key, field):
    """OBJ[KEY] absent, null, NaN or a non-negative number."""
    v = obj.get(key)
    if v is not None:
        need(number(v) and not v < 0, f"{field}.{key}", "a non-negative time (or null)", v)


def object_field(obj, key, field, required=False):
    """OBJ[KEY] as a dict, or None when null/absent and not REQUIRED."""
    if required:
        present(obj, key, field)
    v = obj.get(key)
    if v is None and not required:
        return None
    need(isinstance(v, dict), f"{field}.{key}" if field else key, "an object", v)
    return v


def string_field(obj, key, field, required=False):
    if required:
        present(obj, key, field)
    v = obj.get(key)
    if v is None and not required:
        return
    need(isinstance(v, str) and (v or not required), f"{field}.{key}", "a non-empty string", v)


def entries(items, field):
    for i, item in enumerate(items):
        need(isinstance(item, dict), f"{field}[{i}]", "an object", item)
        yield item, f"{field}[{i}]"
