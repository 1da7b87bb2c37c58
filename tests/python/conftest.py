# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Fixtures of the script tests (their helpers are in tests/clampbench_testing.py)."""
import pytest

from clampbench_testing import fixture, load_json


@pytest.fixture
def base_doc():
    return load_json(fixture("base.json"))


@pytest.fixture
def target(base_doc):
    import make_fixtures
    return make_fixtures.target(base_doc)
