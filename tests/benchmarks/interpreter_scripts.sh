#!/usr/bin/env bash
# benchmarks/run's path for APL interpreters, where none is installed: interpreter_scripts.sh APLC
# 1. The dfns of benchmarks/common/interpreter-prologue.apl, which stand in for aplc's ⎕INT32
#    functions in Dyalog and GNU APL, agree with those functions (aplc's TAIL interpreter).
# 2. The runner's scripts for the interpreters, run by fake_interpreter.sh (aplc's TAIL
#    interpreter with a clock of 0), print every small size's expected output, and the cells show
#    the interpreter's own time. sobol is left out: its stand-ins, applied item by item, take
#    minutes in the TAIL interpreter (1.2 million dfn calls); part 1 checks them.
set -uo pipefail
aplc=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
fail() { echo "FAIL: $*"; status=1; }

{ sed 's/⎕AI\[3\]/0/' "$root/benchmarks/common/interpreter-prologue.apl"
  cat <<'APL'
a ← 7 13 1023 65535 1 0 2147483647 123456789
b ← 3 10 512 4096 1 5 1073741824 987654321
⎕ ← (a aplc_int32and b) ≡ a ⎕INT32AND b
⎕ ← (a aplc_int32xor b) ≡ a ⎕INT32XOR b
⎕ ← (a ∘.aplc_int32shr 0 1 5 30) ≡ a ∘.⎕INT32SHR 0 1 5 30
m ← 3 4⍴⍳12
⎕ ← ((m>5) aplc_int32xor.× ⍉m) ≡ (m>5) ⎕INT32XOR.× ⍉m
APL
} >"$work/prologue.apl"
"$aplc" --interp "$work/prologue.apl" >"$work/prologue.out" 2>&1 || fail "the prologue check did not run: $(cat "$work/prologue.out")"
[ "$(tr -d ' \n' <"$work/prologue.out")" = 1111 ] || fail "a stand-in differs from aplc's ⎕INT32 function: $(cat "$work/prologue.out")"

only=()
for sizes in "$root"/benchmarks/*/sizes; do
  bench=$(basename "$(dirname "$sizes")")
  [ "$bench" = sobol ] || only+=(--only "$bench")
done
env APLC="$aplc" RUNS=1 DYALOG="$here/fake_interpreter.sh" GNUAPL="$here/fake_interpreter.sh" \
  FAKE_INTERPRETER_APLC="$aplc" BENCH_BUILD="$work/build" \
  bash "$root/benchmarks/run" --small --check --no-save "${only[@]}" >"$work/report.md" 2>"$work/log" ||
  { fail "benchmarks/run with the stand-in interpreters failed:"; grep -E 'FAIL|differs' "$work/report.md" "$work/log" | head -20; }
# Each benchmark's row (one size) has a Dyalog and a GNU APL cell "T (in I)".
benchmarks=$((${#only[@]} / 2))
rows=$(grep -c '(in [0-9.]*).*(in [0-9.]*)' "$work/report.md")
[ "$rows" -eq "$benchmarks" ] || fail "expected $benchmarks rows with both interpreters' own times, found $rows"
exit $status
