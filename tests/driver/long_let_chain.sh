#!/usr/bin/env bash
# A TAIL program of N chained lets (what a long APL program becomes after inlining) must parse,
# type-check, optimise and run: the pipeline walks let chains recursively on its large stack.
# Usage: long_let_chain.sh APLC N [aplc options...]
set -euo pipefail
aplc=$1
n=$2
shift 2
file=$(mktemp --suffix=.tail)
trap 'rm -f "$file"' EXIT
awk -v n=$n 'BEGIN {
  print "let v1:int = 1 in"
  for (i = 2; i <= n; i++) printf "let v%d:int = addi(v%d,1) in\n", i, i - 1
  printf "v%d\n", n
}' > "$file"
got=$("$aplc" --interp "$@" "$file")
if [ "$got" != "$n" ]; then
  echo "expected $n, got: $got" >&2
  exit 1
fi
echo "ok: $n lets"
