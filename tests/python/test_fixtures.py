# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The fixtures follow results/schema-v1.json and are what make_fixtures.py builds."""
import json
import os

import jsonschema
import pytest

import make_fixtures
from clampbench_testing import FIXTURES, ROOT, load_json

SCHEMA = os.path.join(ROOT, "results", "schema-v1.json")


def test_checked_in_fixtures_are_up_to_date(base_doc):
    for rel, text in make_fixtures.all_fixtures(base_doc).items():
        with open(os.path.join(FIXTURES, rel)) as f:
            assert f.read() == text, f"{rel} is stale: run tests/python/make_fixtures.py"


@pytest.mark.parametrize("name", ["base.json"] + sorted(make_fixtures.HEADS))
def test_fixture_follows_the_schema(name):
    if not os.path.exists(SCHEMA):
        pytest.skip("results/schema-v1.json is not there")
    jsonschema.validate(load_json(os.path.join(FIXTURES, name)), load_json(SCHEMA))


def test_target_is_an_expected_clamp_variant(base_doc, target):
    case = base_doc["cases"][0]
    assert target == (case["case_id"], case["variants"][1]["name"])
    assert case["variants"][1]["expected"] and len(case["variants"][1]["timing"]["wall"]["samples"]) >= 5
    assert json.dumps(base_doc)  # plain JSON
