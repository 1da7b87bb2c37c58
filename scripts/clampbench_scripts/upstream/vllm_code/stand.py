# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The stand-in object of the sites and helpers: a module of its own so that helpers.py does not
import release.py, which imports it."""


class Stand:
    """A stand-in for a vLLM object: only the attributes a site's code reads."""

    def __init__(self, **attrs):
        self.__dict__.update(attrs)
