#!/usr/bin/env bash
# The checks laila/passes/ElimChecks.h removes, counted in `aplc --emit=laila`: the benchmarks' hot loops
# keep none of their overflow, division and conversion checks (signal and easter: none at all;
# easter's final +/ adds values of a known range over a known count of years, so its
# accumulator is bounded and its wrap check goes), while a program whose multiplication really
# overflows keeps that check.
# Usage: range_checks.sh APLC REPO_ROOT
set -uo pipefail
aplc=$1
root=$2
status=0
expect_checks() {  # file, expected number of check statements, what
  local n
  if ! "$aplc" --emit=laila "$1" >/dev/null; then echo "FAIL: aplc --emit=laila $1 failed"; status=1; return; fi
  n=$("$aplc" --emit=laila "$1" | grep -c '^ *check (')
  if [ "$n" != "$2" ]; then
    echo "FAIL: $1 has $n checks, expected $2 ($3)"
    "$aplc" --emit=laila "$1" | grep '^ *check ('
    status=1
  fi
}
expect_checks "$root/benchmarks/signal/signal.apl" 0 "all proved"
expect_checks "$root/benchmarks/easter/easter.apl" 0 "the +/ accumulator bounded too"
out=$("$aplc" --emit=laila "$root/tests/programs/runtime_int_overflow.apl") ||
  { echo "FAIL: aplc --emit=laila runtime_int_overflow.apl failed"; status=1; }
if ! echo "$out" | grep -q 'check (!aplc_mul_overflows('; then
  echo "FAIL: runtime_int_overflow.apl lost its multiplication check"; echo "$out"; status=1
fi
exit $status
