#!/usr/bin/env bash
# The OpenMP target's code (laila/passes/Outline.h outlineParallelLoops, backend/c/CStmtPrinter.h):
# `--emit=laila --target=omp` shows each outermost parallel loop as a function of its own;
# `--emit=c --target=omp` (the default target) runs it as an orphaned worksharing loop, called in a parallel region
# when aplc_parallel_worthwhile says so and directly otherwise; the C target has no pragma. The
# program starts its thread team for a loop whose work pays for it, or after the loops worth
# threads ran alone for $APLC_PARALLEL_TEAM_MS (backend/runtime/parallel.c). Built by GCC, it
# loads libgomp then, not at its start (backend/runtime/gomp_loader.c; docs/openmp.md, linking).
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
"$aplc" --emit=c --target=openmp p.apl > openmp.c || fail "--emit=c --target=openmp failed"
cmp -s omp.c openmp.c || fail "--target=openmp and --target=omp differ"
# OpenMP is the default target (docs/openmp.md, the default target).
"$aplc" --emit=c p.apl > default.c || fail "--emit=c failed"
cmp -s omp.c default.c || fail "the default target is not OpenMP"
for expected in '#pragma omp for schedule(static) nowait' '#pragma omp parallel$' \
                'if (aplc_parallel_worthwhile(' 'aplc_parallel_report();' \
                'aplc_parallel_count_threads = omp_get_max_threads;'; do
  grep -q -- "$expected" omp.c || fail "the OpenMP C has no '$expected'"
done
# Each call runs the loop's function on a team, or, running alone, a copy of the small loop inline
# (backend/c/CStmtPrinter.h, runsInlineAlone): the function's prototype, definition and one call.
calls=$(grep -c 'aplc_fn_ploop_1(' omp.c)
[ "$calls" = 3 ] || fail "aplc_fn_ploop_1 appears $calls times (prototype, definition, one call expected)"
grep -A1 '^ *} else {$' omp.c > else.c  # (a file: grep -q would end the pipe early, failing it)
grep -q '/\* OpenMP: parallel for \*/' else.c ||
  fail "the small loop has no inline copy for when it runs alone"
"$aplc" --emit=c --target=c p.apl > c.c || fail "--emit=c failed"
grep -q '#pragma omp' c.c && fail "the C target's code has an OpenMP pragma"
grep -q 'ploop' c.c && fail "the C target's code has a parallel-loop function"

# When the team starts: 11 loops of 1000 iterations (10 steps, then the sum), each worth threads
# (APLC_PARALLEL_MIN_WORK=1) but too short to start the team alone (APLC_PARALLEL_TEAM_WORK large).
"$aplc" --target=omp p.apl -o p || fail "compiling for OpenMP failed"
threaded() {
  env OMP_NUM_THREADS=2 APLC_STATS=1 APLC_PARALLEL_MIN_WORK=1 APLC_PARALLEL_TEAM_WORK=1000000000000 "$@" ./p \
    2>&1 >/dev/null | sed -n 's/^aplc stats: \([0-9]*\) of \([0-9]*\) parallel loops ran on threads.*/\1 of \2/p'
}
[ "$(threaded APLC_PARALLEL_TEAM_MS=0)" = "11 of 11" ] ||
  fail "with no time to wait, every loop should run on threads: $(threaded APLC_PARALLEL_TEAM_MS=0)"
[ "$(threaded APLC_PARALLEL_TEAM_MS=100000)" = "0 of 11" ] ||
  fail "waiting 100 s for the team, no loop should run on threads: $(threaded APLC_PARALLEL_TEAM_MS=100000)"
[ "$(threaded APLC_PARALLEL_TEAM_WORK=0)" = "11 of 11" ] ||
  fail "with APLC_PARALLEL_TEAM_WORK=0 every loop should run on threads: $(threaded APLC_PARALLEL_TEAM_WORK=0)"
# A power loop of parallel loops runs as one parallel region once the team is started
# (backend/c/ParallelRegion.h): here all ten generations in one region (the team started for ⍳1000),
# with the same result as without regions (APLC_PARALLEL_REGIONS=0) and on one thread.
printf 'step←{(⍵×2)-⍵}\n⎕←+/(step⍣10)⍳1000\n' > r.apl
"$aplc" --emit=c --target=omp r.apl > region.c || fail "--emit=c --target=omp r.apl failed"
for expected in 'if (aplc_parallel_region_worthwhile(' '#pragma omp parallel firstprivate(' '#pragma omp barrier' \
                'if (aplc_parallel_failed_by(aplc_step)) break;' '#pragma omp master'; do
  grep -qF -- "$expected" region.c || fail "the power loop's OpenMP C has no '$expected'"
done
"$aplc" --target=omp r.apl -o r || fail "compiling r.apl for OpenMP failed"
regions() {
  env OMP_NUM_THREADS=3 APLC_STATS=1 APLC_PARALLEL_MIN_WORK=1 APLC_PARALLEL_TEAM_WORK=0 "$@" ./r > /dev/null 2> r_err.txt
  sed -n 's/^aplc stats: \([0-9]*\) of them in \([0-9]*\) parallel regions$/\1 in \2/p' r_err.txt
}
[ "$(regions)" = "10 in 1" ] || fail "the power loop's 10 generations should run in one region: $(cat r_err.txt)"
# With ⍳1000 too small for threads (3000 operations needed), and the ten generations' work
# (10 × 22000 estimated operations) too small to start the team for, the first generation's loop
# starts it (no time to wait), and the other nine run in the region.
[ "$(regions APLC_PARALLEL_MIN_WORK=3000 APLC_PARALLEL_TEAM_WORK=1000000000 APLC_PARALLEL_TEAM_MS=0)" = "9 in 1" ] ||
  fail "after the team's start in the first generation, 9 should run in one region: $(cat r_err.txt)"
# The generations' work together starts the team when it is four times a loop's that would
# (220000 ≥ 4 × 30000), though no one loop is worth it and there is all the time to wait; not
# when it is less (220000 < 4 × 60000).
[ "$(regions APLC_PARALLEL_TEAM_WORK=30000 APLC_PARALLEL_TEAM_MS=100000)" = "10 in 1" ] ||
  fail "the ten generations together should start the team: $(cat r_err.txt)"
[ "$(regions APLC_PARALLEL_TEAM_WORK=60000 APLC_PARALLEL_TEAM_MS=100000)" = "" ] ||
  fail "the ten generations together are not worth four loops: $(cat r_err.txt)"
[ -z "$(regions APLC_PARALLEL_REGIONS=0)" ] || fail "APLC_PARALLEL_REGIONS=0 ran a region: $(cat r_err.txt)"
[ "$(OMP_NUM_THREADS=3 APLC_PARALLEL_MIN_WORK=1 APLC_PARALLEL_TEAM_WORK=0 ./r)" = 500500 ] &&
  [ "$(OMP_NUM_THREADS=1 ./r)" = 500500 ] || fail "the power loop's region printed otherwise"

# Built by GCC, the program loads libgomp when its team starts, and only then (the dynamic
# linker's LD_DEBUG=files names every library it loads).
loads_libgomp() {
  env OMP_NUM_THREADS=2 APLC_PARALLEL_MIN_WORK=1 "$@" LD_DEBUG=files ./p > /dev/null 2> loaded.txt
  grep -q 'file=.*libgomp' loaded.txt
}
if [ -z "${CC:-}" ] && cc -v 2>&1 | grep -q '^gcc version'; then
  ldd ./p > linked.txt
  grep -q libgomp linked.txt && fail "the OpenMP program links libgomp: $(grep libgomp linked.txt)"
  loads_libgomp APLC_PARALLEL_TEAM_MS=100000 APLC_PARALLEL_TEAM_WORK=1000000000000 &&
    fail "the OpenMP program loaded libgomp without starting its team"
  loads_libgomp APLC_PARALLEL_TEAM_WORK=0 || fail "the OpenMP program did not load libgomp to start its team"
  [ "$(OMP_NUM_THREADS=2 APLC_PARALLEL_MIN_WORK=1 APLC_PARALLEL_TEAM_WORK=0 ./p)" = "$(./p)" ] ||
    fail "the program printed otherwise on its team"
  # A team of one thread per CPU is bound, one thread to a CPU; other teams, and a user's own
  # choice, are left as they are (gomp_loader.c, set_binding_default; libgomp prints its settings
  # with OMP_DISPLAY_ENV).
  binding() {
    env APLC_PARALLEL_MIN_WORK=1 APLC_PARALLEL_TEAM_WORK=0 OMP_DISPLAY_ENV=true "$@" ./p 2>&1 >/dev/null |
      sed -n "s/^ *OMP_PROC_BIND = '\([A-Z,]*\)'.*/\1/p"
  }
  cpus=$(nproc)
  if [ "$cpus" -ge 2 ]; then
    [ "$(binding OMP_NUM_THREADS="$cpus")" = TRUE ] || fail "a team of $cpus threads on $cpus CPUs is not bound: $(binding OMP_NUM_THREADS="$cpus")"
    [ "$(binding OMP_NUM_THREADS=$((cpus + 1)))" = FALSE ] || fail "an oversubscribed team is bound"
    [ "$(binding OMP_NUM_THREADS="$cpus" OMP_PROC_BIND=false)" = FALSE ] || fail "the user's OMP_PROC_BIND=false was not kept"
  fi
fi

# A program whose lowering chooses a scan's form by threads has a sequential version, which main
# runs below $APLC_PARALLEL_VERSION_THREADS (default 3) threads (laila/lower/SequentialVersion.h):
# no loop runs on threads there, and every version prints the same.
printf 'v←1000|7×⍳5000\ns←+\\v\n⎕←s[1 2500 5000]\n⎕←⌈/⌈\\v-s\n' > s.apl
"$aplc" --emit=laila --target=omp s.apl > s.laila || fail "--emit=laila --target=omp s.apl failed"
grep -q '^if (aplc_parallel_runs_sequential_version()) {$' s.laila || fail "the scans' program has no sequential version"
grep -q 'aplc_parallel_will_thread' s.laila || fail "the scans' threaded version does not choose by threads"
"$aplc" --emit=laila --target=omp p.apl | grep -q 'aplc_parallel_runs_sequential_version' &&
  fail "a program without a choice by threads has two versions"
"$aplc" --target=omp s.apl -o s || fail "compiling s.apl for OpenMP failed"
expected=$("$aplc" --target=c --run s.apl)
versions() {
  env APLC_STATS=1 APLC_PARALLEL_MIN_WORK=1 APLC_PARALLEL_TEAM_WORK=0 "$@" ./s > s_out.txt 2> s_err.txt
  [ "$(cat s_out.txt)" = "$expected" ] || fail "$* printed $(cat s_out.txt), not $expected"
  sed -n 's/^aplc stats: \([0-9]*\) of \([0-9]*\) parallel loops ran on threads.*/\1/p' s_err.txt
}
[ -z "$(versions OMP_NUM_THREADS=1)" ] || fail "on one thread the threaded version ran: $(cat s_err.txt)"
[ -z "$(versions OMP_NUM_THREADS=2)" ] || fail "on two threads the threaded version ran: $(cat s_err.txt)"
ran=$(versions OMP_NUM_THREADS=3)
[ -n "$ran" ] && [ "$ran" -gt 0 ] || fail "on three threads no loop ran on threads: $(cat s_err.txt)"
ran=$(versions OMP_NUM_THREADS=2 APLC_PARALLEL_VERSION_THREADS=2)
[ -n "$ran" ] && [ "$ran" -gt 0 ] || fail "APLC_PARALLEL_VERSION_THREADS=2: no loop ran on two threads: $(cat s_err.txt)"
# A per-element function whose hash table (∪) is memory of its own element's iteration keeps its
# loop parallel (laila/lower/SequentialEffects.h), and the loop's iterations, whose work grows
# with the element (an inner loop over 0..i_40 + 1), are handed out as threads finish: its
# estimated work counts the largest element's (laila/analysis/Cost.h, loopIterationWork), so the
# team starts for it alone.
printf 'residues←{≢∪⍵|(⍳⍵)*2}\n⎕←+/residues¨⍳3000\n' > u.apl
"$aplc" --emit=laila --target=omp u.apl > u.laila || fail "--emit=laila --target=omp u.apl failed"
awk '/^function ploop_/ {inside = 1} /^}/ {inside = 0} inside && /aplc_gen_index_table/ {found = 1} END {exit !found}' u.laila ||
  fail "the per-element hash table is not built in a parallel loop's function"
"$aplc" --emit=c --target=omp u.apl > u.c || fail "--emit=c --target=omp u.apl failed"
grep -q '#pragma omp for schedule(dynamic) nowait' u.c || fail "the loop of growing iterations is not scheduled dynamically"
"$aplc" --target=omp u.apl -o u || fail "compiling u.apl for OpenMP failed"
[ "$(OMP_NUM_THREADS=2 ./u)" = "$("$aplc" --target=c --run u.apl)" ] || fail "u.apl prints differently on two threads"
ran=$(OMP_NUM_THREADS=2 APLC_STATS=1 ./u 2>&1 >/dev/null | sed -n 's/^aplc stats: \([0-9]*\) of .*/\1/p')
[ -n "$ran" ] && [ "$ran" -gt 0 ] || fail "no loop of u.apl ran on two threads by default"
exit $status
