#!/usr/bin/env bash
# A TAIL program of N chained lets (what a long APL program becomes after inlining) must parse,
# type-check, optimise and run: the pipeline walks let chains recursively on its large stack,
# and every pass must be near-linear in the program's length.
# Usage: long_let_chain.sh APLC N START [aplc options...]
#   START=const   the chain starts from the literal 1: constant folding folds it all away.
#   START=opaque  it starts from reduce(addi,0,iota(1)) (also 1, but not folded), so the whole
#                 chain stays for inlining, the type checker and the interpreter.
set -euo pipefail
aplc=$1
n=$2
start=$3
shift 3
case $start in
  const) first="1" ;;
  opaque) first="reduce(addi,0,iota(1))" ;;
  *) echo "START must be const or opaque, not '$start'" >&2; exit 2 ;;
esac
file=$(mktemp --suffix=.tail)
trap 'rm -f "$file"' EXIT
awk -v n=$n -v first="$first" 'BEGIN {
  printf "let v1:int = %s in\n", first
  for (i = 2; i <= n; i++) printf "let v%d:int = addi(v%d,1) in\n", i, i - 1
  printf "v%d\n", n
}' > "$file"
got=$("$aplc" --interp "$@" "$file")
if [ "$got" != "$n" ]; then
  echo "expected $n, got: $got" >&2
  exit 1
fi
echo "ok: $n lets ($start)"
