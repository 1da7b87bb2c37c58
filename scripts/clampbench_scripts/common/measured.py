# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""What a run measured, as the schema (results/schema-v1.json) defines it: a results document's
cases with every field the schema does not name left out.

A run's identity (results.run_identity) hashes this, so a copy of a run that someone or some
tool stamped with an extra field ("note", "uploaded_by") is still the same measurement: twenty
such copies in a history are one run, never a run-to-run noise of zero."""
import functools
import json
import os

_ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..")
# The source tree's results/, or the installed share/clampbench/ (cmake/install.cmake).
SCHEMAS = (os.path.join(_ROOT, "results", "schema-v1.json"), os.path.join(_ROOT, "schema-v1.json"))


@functools.lru_cache(maxsize=1)
def _schema():
    path = next((p for p in SCHEMAS if os.path.isfile(p)), SCHEMAS[0])
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def _resolve(node):
    ref = node.get("$ref") if isinstance(node, dict) else None
    if ref:  # "#/$defs/case"
        target = _schema()
        for part in ref.lstrip("#/").split("/"):
            target = target[part]
        return _resolve(target)
    return node


def _alternative(node, value):
    """The alternative of an anyOf/oneOf NODE that describes an object VALUE (else NODE)."""
    for option in node.get("anyOf") or node.get("oneOf") or ():
        option = _resolve(option)
        kind = option.get("type")
        if "properties" in option or kind == "object" or (isinstance(kind, list) and "object" in kind):
            return option
    return node


def project(value, node):
    """VALUE with only what schema NODE names: an object keeps its named properties (and, where
    the schema maps any key to a schema, every key), a list each item projected."""
    node = _resolve(node)
    if isinstance(value, dict):
        node = _alternative(node, value)
        props, extra = node.get("properties"), node.get("additionalProperties")
        if props is None and not isinstance(extra, dict):
            return value
        out = {}
        for key, item in value.items():
            if props is not None and key in props:
                out[key] = project(item, props[key])
            elif isinstance(extra, dict):
                out[key] = project(item, extra)
        return out
    if isinstance(value, list) and isinstance(node.get("items"), dict):
        return [project(item, node["items"]) for item in value]
    return value


def measured_cases(cases):
    """CASES (a results document's) as the schema defines a case, in case id order."""
    case = {"$ref": "#/$defs/case"}
    return sorted((project(c, case) for c in cases), key=lambda c: str(c.get("case_id")))
