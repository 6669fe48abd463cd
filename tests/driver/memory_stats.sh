#!/usr/bin/env bash
# APLC_STATS=1: a generated program prints its arrays' allocations, the bytes they asked for,
# the peak of live bytes and the bytes still live at exit on stderr (backend/runtime/stats.c).
# Checked: the line's presence only with APLC_STATS=1, bounds the program's arrays imply, nothing
# live at exit, the line after an APL error too, and the same counts on the OpenMP target with
# three threads and every parallel loop threaded (the counts are taken under a lock), with the
# OpenMP program's count of loops run on threads; --alloc=naive against the planned default.
# Usage: memory_stats.sh APLC
set -uo pipefail
aplc=$(realpath "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 2
status=0
fail() { echo "FAIL: $*"; status=1; }

# Two materialized vectors of 1000 integers at least (a random vector read twice, sorted).
cat >sort.apl <<'EOT'
v←?1000⍴100
s←v[⍋v]
⎕←(+/v)=+/s
⎕←∧/(¯1↓s)≤1↓s
EOT
stats_line='^aplc stats: [0-9]+ allocations, [0-9]+ bytes allocated, [0-9]+ bytes live at the peak, [0-9]+ bytes live at exit$'
field() { head -1 "$2" | sed -E 's/^aplc stats: ([0-9]+) allocations, ([0-9]+) bytes allocated, ([0-9]+) bytes live at the peak, ([0-9]+) bytes live at exit$/\'"$1"'/'; }

"$aplc" --target=c sort.apl -o sort || fail "compiling sort.apl"
./sort >out.txt 2>err.txt || fail "sort exited $?"
[ "$(cat out.txt)" = "$(printf '1\n1')" ] || fail "sort printed: $(cat out.txt)"
[ -s err.txt ] && fail "statistics without APLC_STATS: $(cat err.txt)"
APLC_STATS=1 ./sort >out.txt 2>err.txt || fail "sort with APLC_STATS=1 exited $?"
if ! grep -Eq "$stats_line" err.txt || [ "$(wc -l <err.txt)" != 1 ]; then
  fail "stderr is not one statistics line: $(cat err.txt)"
else
  allocations=$(field 1 err.txt) bytes=$(field 2 err.txt) peak=$(field 3 err.txt) live=$(field 4 err.txt)
  [ "$allocations" -ge 2 ] || fail "$allocations allocations, expected at least 2"
  [ "$peak" -ge 16000 ] || fail "peak $peak bytes, expected two vectors of 1000 integers live at once"
  [ "$peak" -le "$bytes" ] || fail "peak $peak above the $bytes bytes allocated"
  [ "$live" = 0 ] || fail "$live bytes live at exit"
fi

# After an APL error the statistics still come (the program exits through the error).
printf 'v←?1000⍴100\n⎕←v[⍋v]\n⎕←v[1001]\n' >error.apl
"$aplc" --target=c error.apl -o error || fail "compiling error.apl"
APLC_STATS=1 ./error >/dev/null 2>err.txt
[ $? = 1 ] || fail "error.apl did not exit 1"
grep -q 'INDEX ERROR' err.txt || fail "no INDEX ERROR: $(cat err.txt)"
grep -Eq "$stats_line" err.txt || fail "no statistics after the error: $(cat err.txt)"

# Allocations inside threaded loops (a per-point power's tiles): the same counts as sequential.
# The sum is of one reduction block (1000 items): a longer one keeps its blocks' partial sums
# in an array on OpenMP only (the C program adds each block's as it is computed).
cat >tiles.apl <<'EOT'
z←{(⍵×⍵)-0.5}⍣20⊢(?5000⍴1000)÷1000
⎕←+/1000↑z<0
EOT
"$aplc" tiles.apl -o tiles_c --target=c || fail "compiling tiles.apl for C"
"$aplc" tiles.apl -o tiles_omp --target=omp || fail "compiling tiles.apl for OpenMP"
APLC_STATS=1 ./tiles_c >c_out.txt 2>c_err.txt || fail "tiles_c exited $?"
APLC_STATS=1 APLC_PARALLEL_MIN_WORK=1 APLC_PARALLEL_TEAM_WORK=0 OMP_NUM_THREADS=3 ./tiles_omp >omp_out.txt 2>omp_err.txt ||
  fail "tiles_omp exited $?"
cmp -s c_out.txt omp_out.txt || fail "OpenMP printed $(cat omp_out.txt), C $(cat c_out.txt)"
grep -Eq "$stats_line" c_err.txt || fail "no statistics from tiles_c: $(cat c_err.txt)"
[ "$(field 1 c_err.txt) $(field 2 c_err.txt)" = "$(field 1 omp_err.txt) $(field 2 omp_err.txt)" ] ||
  fail "allocations differ: C $(cat c_err.txt), OpenMP $(cat omp_err.txt)"
[ "$(field 4 omp_err.txt)" = 0 ] || fail "OpenMP: bytes live at exit: $(cat omp_err.txt)"
# OpenMP programs also say how many of their parallel loops ran on threads: all that had two
# iterations or more here; on one thread, none (the C program has no such line).
loops_line='^aplc stats: [0-9]+ of [0-9]+ parallel loops ran on threads \([0-9]+ available\)$'
grep -Eq "$loops_line" c_err.txt && fail "a parallel-loops line from the C program: $(cat c_err.txt)"
threaded=$(sed -nE 's/^aplc stats: ([0-9]+) of ([0-9]+) parallel loops ran on threads \(3 available\)$/\1/p' omp_err.txt)
[ -n "$threaded" ] && [ "$threaded" -ge 1 ] || fail "OpenMP on 3 threads: no loop on threads: $(cat omp_err.txt)"
APLC_STATS=1 APLC_PARALLEL_MIN_WORK=1 APLC_PARALLEL_TEAM_WORK=0 OMP_NUM_THREADS=1 ./tiles_omp >/dev/null 2>omp1_err.txt
grep -Eq '^aplc stats: 0 of [1-9][0-9]* parallel loops ran on threads \(1 available\)$' omp1_err.txt ||
  fail "OpenMP on 1 thread: $(cat omp1_err.txt)"
# --alloc=naive leaves out the memory-planning passes: the same output, a higher peak when an
# array can be written over an operand that dies with it and memory freed after its last use
# (the two scans of 10000 integers and `run`: three arrays live at once, two when planned).
cat >scans.apl <<'EOT'
v←524288|(69069×⍳10000)+⌊(⍳10000)÷1000
rises←(1↓v)>¯1↓v
count←+\rises
run←count-⌈\count×~rises
⎕←(⌈/run),run⍳⌈/run
EOT
"$aplc" --target=c scans.apl -o planned || fail "compiling scans.apl"
"$aplc" --target=c --alloc=naive scans.apl -o naive || fail "compiling scans.apl with --alloc=naive"
APLC_STATS=1 ./planned >planned_out.txt 2>planned_err.txt || fail "planned exited $?"
APLC_STATS=1 ./naive >naive_out.txt 2>naive_err.txt || fail "naive exited $?"
cmp -s planned_out.txt naive_out.txt || fail "naive printed $(cat naive_out.txt), planned $(cat planned_out.txt)"
planned_peak=$(field 3 planned_err.txt) naive_peak=$(field 3 naive_err.txt)
[ "$naive_peak" -ge 239976 ] || fail "naive peak $naive_peak, expected three arrays of 9999 integers"
[ "$planned_peak" -lt 200000 ] || fail "planned peak $planned_peak, expected two arrays of 9999 integers"
[ "$(field 1 naive_err.txt)" -gt "$(field 1 planned_err.txt)" ] || fail "naive: no more allocations than planned"
"$aplc" --alloc=naive --emit=laila scans.apl | head -1 | grep -q 'updateInPlace' && fail "--alloc=naive still lists updateInPlace"
"$aplc" --alloc=sometimes scans.apl >/dev/null 2>err.txt && fail "--alloc=sometimes accepted"
grep -q "unknown allocation in --alloc: 'sometimes'" err.txt || fail "--alloc=sometimes: $(cat err.txt)"

# --emit=mem: the Laila program with its memory plan. Where every size is a constant, the most
# bytes it says are live at once are what the program measures; the planned scans keep fewer
# blocks live than the naive ones; the per-point power's tiles (128 bytes) are private to each
# parallel iteration: automatic arrays (laila/analysis/PrivateMemory.h).
"$aplc" --target=c --emit=mem sort.apl >sort.mem || fail "--emit=mem sort.apl"
static_peak=$(sed -nE 's|^// main: 2 blocks, at most 2 live at once \(([0-9]+) bytes, after .* is allocated\)$|\1|p' sort.mem)
APLC_STATS=1 ./sort >/dev/null 2>err.txt
[ -n "$static_peak" ] && [ "$static_peak" = "$(field 3 err.txt)" ] ||
  fail "--emit=mem peak '$static_peak', measured $(field 3 err.txt): $(grep '^// main' sort.mem)"
grep -Eq '^\[int\] [a-z]+_[0-9]+ = alloc int\[1000\];  // 8000 bytes; live: ' sort.mem ||
  fail "no annotated allocation in: $(grep alloc sort.mem)"
grep -Eq '^free [a-z]+_[0-9]+;  // live: none$' sort.mem || fail "no annotated last free in: $(grep free sort.mem)"
most() { "$aplc" --target=c "$@" --emit=mem scans.apl | sed -nE 's|^// main: [0-9]+ blocks, at most ([0-9]+) live at once.*|\1|p'; }
[ "$(most)" -lt "$(most --alloc=naive)" ] || fail "--emit=mem: planned $(most) blocks live at once, naive $(most --alloc=naive)"
"$aplc" --target=omp --emit=mem tiles.apl >tiles.mem || fail "--emit=mem tiles.apl"
grep -Eq '^ +\[double\] tile_[0-9]+ = alloc private double\[16\];  // 128 bytes private to each iteration \(an automatic array, not a block\)$' tiles.mem ||
  fail "--emit=mem: no private per-iteration tile in: $(grep tile_ tiles.mem | head -3)"
"$aplc" --target=omp --emit=c tiles.apl >tiles.c || fail "--emit=c tiles.apl"
grep -Eq '^ +double tile_[0-9]+\[16\];  /\* private to the iteration \*/$' tiles.c ||
  fail "--emit=c: the tiles are not automatic arrays"
exit $status
