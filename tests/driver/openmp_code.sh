#!/usr/bin/env bash
# The OpenMP target's code (laila/passes/Outline.h outlineParallelLoops, backend/c/CStmtPrinter.h):
# `--emit=laila --target=omp` shows each outermost parallel loop as a function of its own;
# `--emit=c --target=omp` runs it as an orphaned worksharing loop, called in a parallel region
# when aplc_parallel_worthwhile says so and directly otherwise; the C target has no pragma.
# Usage: openmp_code.sh APLC
set -uo pipefail
aplc=$(realpath "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 2
status=0
fail() { echo "FAIL: $*"; status=1; }

printf 'step←{(1⌽⍵)+⍵×2}\n⎕←+/(step⍣10)⍳1000\n' > p.apl
"$aplc" --emit=laila --target=omp p.apl > omp.laila || fail "--emit=laila --target=omp failed"
grep -q '^function ploop_1(' omp.laila || fail "no ploop function in the OpenMP target's Laila"
"$aplc" --emit=c --target=omp p.apl > omp.c || fail "--emit=c --target=omp failed"
for expected in '#pragma omp for schedule(static) nowait' '#pragma omp parallel$' \
                'if (aplc_parallel_worthwhile(' 'aplc_parallel_report();' \
                'aplc_parallel_threads = omp_get_max_threads();'; do
  grep -q -- "$expected" omp.c || fail "the OpenMP C has no '$expected'"
done
# Each call runs the loop's function on a team or directly: twice per function, no more.
calls=$(grep -c 'aplc_fn_ploop_1(' omp.c)
[ "$calls" = 4 ] || fail "aplc_fn_ploop_1 appears $calls times (prototype, definition, two calls expected)"
"$aplc" --emit=c p.apl > c.c || fail "--emit=c failed"
grep -q '#pragma omp' c.c && fail "the C target's code has an OpenMP pragma"
grep -q 'ploop' c.c && fail "the C target's code has a parallel-loop function"
exit $status
