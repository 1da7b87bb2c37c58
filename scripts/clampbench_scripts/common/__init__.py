# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""What every tool shares: reading and checking results JSON, safe output, the error handler, units."""
