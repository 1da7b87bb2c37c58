# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""scripts/upstream.py: the ports against vLLM's own code.

  upstream.py [--vllm-version X | --vllm-src DIR] ...  each site's drift (drift/cli.py)
  upstream.py scan ...                                 a tree's in-place writes (scan/cli.py)
  upstream.py compare --base X --head Y ...            two trees' results files (branches/cli.py)
  upstream.py cost [--base X --head Y] ...             two trees' host cost per site (branches/cost_cli.py)
  upstream.py cost --port ...                          the ports' cost against vLLM's (branches/port_cost.py)
  upstream.py report SITE --vllm-version X ...         a finding written up for maintainers (report/cli.py)

upstream.py --help is the default command's help, which lists the others (commands.py)."""
import sys

from ..common.entry import guarded
from .drift import cli as drift_cli


@guarded(drift_cli.PROG)
def main(argv=None):
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["scan"]:
        from .scan import cli as scan_cli
        return scan_cli.main(argv[1:])
    if argv[:1] == ["compare"]:
        from .branches import cli as branches_cli
        return branches_cli.main(argv[1:])
    if argv[:1] == ["cost"]:
        from .branches import cost_cli
        return cost_cli.main(argv[1:])
    if argv[:1] == ["report"]:
        from .report import cli as report_cli
        return report_cli.main(argv[1:])
    return drift_cli.main(argv)
