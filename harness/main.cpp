// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// build/clampbench: everything is in run_cli, which the tests call in-process.

#include "harness/cli/cli.h"

int main(int argc, char** argv) { return clampbench::run_cli(argc, argv); }
