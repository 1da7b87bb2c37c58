// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// There is no list of suites to keep here: each suite file registers itself with
// CLAMPBENCH_REGISTER_SUITE (suites/suite.h) and all_suites() returns them in order.
// Kept so that tests including it keep building.

#include "suites/suite.h"
