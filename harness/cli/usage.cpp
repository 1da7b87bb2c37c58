// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The help texts of `clampbench help [COMMAND]`, `clampbench COMMAND --help` and `--help`.

#include "harness/cli/cli.h"

namespace clampbench {

namespace {
constexpr const char* kExitCodes = R"(
exit codes: 0 verdicts and findings as expected, 1 a verdict or finding (an output,
            a changed buffer, a count) differs from the expectations,
            2 bad usage or input, 3 internal, CUDA or I/O error (an output that could not
            be written: results, dump, trace, stdout), 130/143 interrupted by SIGINT/SIGTERM
            (the cases done are in the results)
)";
}  // namespace

std::string usage_text() {
  return std::string(R"(usage: clampbench <command> [options]

commands:
  run [options]        run the suites, check the variants, write the results JSON
  list [--json]        every suite: variants, axes (quick/nightly/full), device, vLLM source
  explain SUITE [--case ID]  which op's allocation clamp_ saves (explain --help)
  merge SHARD.json... -o OUT  join the results of `run --shard I/N`, I = 1..N (merge --help)
  help [COMMAND]       this text, or the options of one command (also: COMMAND --help)
  --version            the version: CMake project VERSION + git describe at configure time
)") + kExitCodes;
}

std::string list_usage_text() {
  return R"(usage: clampbench list [--json]

Every registered suite: description, vLLM file and function, variants, later readers, axes
with their quick/nightly/full values, and how many cases each size set has. The cases of
one shard of a selection: clampbench run ... --shard I/N --benchmark_list_tests.
  --json               the same as one JSON array
  --help, -h           this text
)";
}

std::string run_usage_text() {
  return std::string(R"(usage: clampbench run [options]

Runs every selected case in every selected variant: counts allocations, checks outputs and
persistent inputs against "clamp", times (Google Benchmark), writes the results JSON.

selection (each applies to every pass, the dump and the results):
  --suite NAME         only this suite (repeatable, or comma separated); default: all
  --case ID            only this case, named as in the results (repeatable; one id per
                       flag): --case 'ngram_find/B=1,L=256,K=3,ngram_range=0';
                       --benchmark_list_tests prints the ids
  --axis NAME=V        only cases whose parameter NAME is V; NAME=[V1,V2] for several values
                       (repeatable: all must hold; cases without the axis are left out)
  --variant NAME       only this variant besides the reference "clamp" (repeatable)
  --sizes SET          quick | nightly | full (default quick): the values each axis sweeps
  --shard I/N          only shard I of N (1 <= I <= N <= 1000) of the cases the flags
                       above select: those whose case id hashes (FNV-1a 64, mod N) to I-1,
                       so a case keeps its shard when others are added; recorded as
                       environment.shard; `clampbench merge` joins the N results files
  A filter that matches no case is an error (exit 2); a shard without cases is not.

run options:
  --backend B          auto | host | cuda (default auto: cuda when a device is present)
  --allocator A        caching | async | raw, the cuda allocator (default caching);
                       refused on host, whose cases use pageable memory
  --repetitions N      the fewest timing samples per case and variant (default 10, at
                       most 1000, the loop's cap)
  --seed S             input generator seed (default 1)
  --out FILE           results JSON (default results/latest.json), rewritten after every
                       case (a temporary file renamed; a symlink is written through)
  --resume FILE        continue the run whose results are FILE (an interrupted one): its
                       cases are kept, the others run; refused unless the selection, seed,
                       backend and timing settings are the same; a kept case lacking what
                       this run measures runs again (or, for callgrind counts alone, is
                       counted), and every case is judged by this run's --expectations
  --dump DIR           also write inputs/outputs as .npy files with DIR/manifest.json, made
                       beside DIR and renamed into place; an existing non-empty DIR is refused
  --force              let --dump replace an earlier dump
  --expectations FILE  known findings (default: ../share/clampbench/expectations.json next
                       to the binary when installed, else <source>/results/expectations.json)
  --no-timing          skip the Google Benchmark timing pass
  --instructions M     count each call's user-space instructions: auto (default: perf where
                       the hardware counts, else callgrind if valgrind is installed), perf,
                       callgrind (a child run under valgrind, exact), or off
  --repetitions, --max-noise X, --timing-timeout S
                       timing stops for a case when every variant has the fewest samples
                       (--repetitions, default 10) and its median's relative standard error
                       is under X (default 0.01), or after S seconds per variant (0.3)
  --l2-flush           cuda: one call per sample, the device's L2 overwritten before each
                       (NVBench's cold measurement)
  --plant KIND         plant a known change to check a gate end to end: slowdown (the
                       builder runs twice per timed call), instructions (+10% per counted
                       call), allocation (one more 64-byte allocation) or delay:R[:SUITE]
                       (each timed call of SUITE, or of every suite, made R times as long
                       by a memory-bound stall; allocations and instructions
                       unchanged);
                       recorded as environment.plant
  --trace              add each variant's allocation trace (op, dtype, shape, bytes, free)
                       to the results, at most 256 allocations per variant
  --trace-out FILE     write the allocation traces as a Chrome trace (Perfetto): one track
                       per case x variant with a live-bytes counter
  --help, -h           this text

Google Benchmark flags:
  --benchmark_list_tests       print the selected "<case id>/<variant>" names and exit 0;
                               nothing runs and no file is written
  --benchmark_repetitions=N    the same as --repetitions N
  --benchmark_filter           refused (it would filter only the timing pass): use the
                               selection flags above
  --benchmark_report_aggregates_only, --benchmark_display_aggregates_only
                               refused: the results keep every repetition's sample
  --benchmark_min_time=S       the timing pass's sample time
  --benchmark_format, --benchmark_out, --benchmark_out_format, --benchmark_time_unit,
  --benchmark_color, --benchmark_counters_tabular
                               Google Benchmark's reporting of every timing sample
  any other --benchmark_*      refused: clampbench times with its own interleaved loop
)") + kExitCodes;
}

}  // namespace clampbench
