#!/usr/bin/env bash
# An array used several times whose element is cheap enough to compute where it is read is
# computed once per element of its consumer, however the lowering got there (Lowerer::
# reusedPerElement): easter's `monthday` is read twice per year (⌊monthday÷100 and 100|monthday),
# with trial lowerings in between, and the Easter computation (its `19|⍵`) appears once in the
# Laila program. Before the builder kept its blocks' identities across rollbacks, it appeared
# twice, and the benchmark ran 1.8× slower than the C instead of 1.2×.
# Usage: shared_elements.sh APLC REPO_ROOT
set -uo pipefail
aplc=$1
root=$2
laila=$("$aplc" --emit=laila "$root/benchmarks/easter/easter.apl") || { echo "FAIL: aplc --emit=laila easter.apl"; exit 1; }
# Signed (`% 19`) or, where the year is proved non-negative, unsigned (`aplc_op_umod(…, 19)`).
n=$(echo "$laila" | grep -c -E '% 19;|aplc_op_umod\(.*, 19\);')
if [ "$n" != 1 ]; then
  echo "FAIL: easter computes 19|year $n times per year, expected once"
  echo "$laila"
  exit 1
fi
