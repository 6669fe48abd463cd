#!/usr/bin/env bash
# aplc --check (driver/Check.h): a program that every path runs alike is reported as agreeing on
# each compiled target, exit 0, also when it ends in an APL error; a program the interpreter
# cannot run, one that does not end within --check-timeout, --check with options it runs itself,
# and --check - (standard input) exit 1 with a message. How a difference is reported is unit-tested (tests/unit/driver/CheckTest.cpp): no path
# here differs.
# Usage: check.sh APLC
set -uo pipefail
aplc=$(realpath "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 2
status=0
fail() { echo "FAIL: $*"; status=1; }

printf 'v←⍳3000\n⎕←+/v\n⎕←(+\\v)[2999 3000]\n⎕←⌈/v×1-2×2|v\n' > agree.apl
"$aplc" --check agree.apl > out 2> err; rc=$?
[ $rc = 0 ] || fail "an agreeing program: exit $rc: $(cat out err)"
grep -q '^interpreter  exit 0, 3 lines of output' out || fail "no interpreter line: $(cat out)"
for target in c omp; do
  grep -q "^$target  *agrees" out || fail "no 'agrees' for $target: $(cat out)"
done
grep -q '^opencl  *\(agrees\|not available\)' out || fail "no opencl line: $(cat out)"
grep -q 'compiled targets\? agree with the interpreter$' out || fail "no verdict: $(cat out)"

printf '⎕←1 2 3\nv←⍳3\nv[4]\n' > error.apl
"$aplc" --check error.apl > out 2> err; rc=$?
[ $rc = 0 ] || fail "a program that fails alike everywhere: exit $rc: $(cat out err)"
grep -q 'error.apl:3:2: INDEX ERROR (the reference)' out || fail "the interpreter's error is not named: $(cat out)"

printf 'f←{⍵≤0:0 ⋄ 1+∇ ,⍵-1}\nf 3\n' > unsupported.apl  # a recursive call of another rank
"$aplc" --check unsupported.apl > out 2> err; rc=$?
[ $rc = 1 ] || fail "a program the interpreter cannot run: exit $rc"
grep -q 'nothing to compare with' err || fail "no reason given: $(cat err)"

"$aplc" --check --run agree.apl > out 2> err; rc=$?
[ $rc = 1 ] && grep -q -- '--check runs the program every way itself' err || fail "--check --run: exit $rc, $(cat err)"

"$aplc" --check - < agree.apl > out 2> err; rc=$?
[ $rc = 1 ] && grep -q -- '--check reads the program from files' err || fail "--check -: exit $rc, $(cat err)"
printf 'x←{⍵+1}⍣{⍺<0}⊢1\nx\n' > forever.apl
"$aplc" --check --check-timeout=1 forever.apl > out 2> err; rc=$?
[ $rc = 1 ] && grep -q 'the interpreter did not finish in 1 s' err || fail "a program that never ends: exit $rc, $(cat out err)"

"$aplc" --check --check-timeout=soon agree.apl > out 2> err; rc=$?
[ $rc = 1 ] && grep -q -- '--check-timeout needs a number of seconds' err || fail "--check-timeout=soon: exit $rc, $(cat err)"
exit $status
