#!/usr/bin/env bash
# benchmarks/compile-time/generate.sh DIR [--large]: writes the compile-time family of programs
# into DIR, one NAME.apl each (names sort by family, then size):
#   life_kK        Scholes-style life on an 8×8 board (issue 10), (life⍣K) for K = 1 2 3 4 8 64 1000
#   chain_N        N dfns applied in a chain, each reading its argument three times (rotations), N = 50 200
#   lit_int_N      a literal vector of N integers, summed, N = 10² 10³ 10⁴ (10⁵ 10⁶ with --large)
#   lit_double_N   a literal vector of N doubles, summed, N = 10² 10³ 10⁴ (10⁵ with --large)
# The programs print one number each; tests/compile-time/bound.sh and benchmarks/compile-time/run
# use them.
set -euo pipefail
dir=$1
large=0
[ "${2:-}" = "--large" ] && large=1
mkdir -p "$dir"

for k in 1 2 3 4 8 64 1000; do
  cat > "$dir/life_k$(printf %04d "$k").apl" <<APL
⍝ Scholes-style life without nested arrays on an 8×8 board, $k generations (issue 10).
rs←{(¯1⌽⍵)+⍵+1⌽⍵}
nb←{(rs ¯1⊖⍵)+(rs ⍵)+rs 1⊖⍵}
life←{((nb ⍵)=3)∨((nb ⍵)=4)∧⍵}
board←8 8⍴0
board[1;2]←1 ⋄ board[2;3]←1 ⋄ board[3;1 2 3]←1
+/,(life⍣$k)board
APL
done

for n in 50 200; do
  {
    echo "⍝ A chain of $n dfns, each reading its argument three times (rotations by different amounts)."
    echo "x←7|⍳1000"
    for i in $(seq 1 "$n"); do
      echo "f$i←{($(( i % 5 + 1 ))⌽⍵)⌈⍵⌊¯$(( i % 3 + 1 ))⌽⍵}"
    done
    line="+/"
    for i in $(seq "$n" -1 1); do line+="f$i "; done
    echo "${line}x"
  } > "$dir/chain_$(printf %03d "$n").apl"
done

# literal KIND NOUN SIZES: a literal vector of each size, of integers (KIND int) or doubles, summed.
literal() {
  local kind=$1 noun=$2 n
  for n in $3; do
    {
      echo "⍝ A literal vector of $n $noun, summed."
      awk -v n="$n" -v kind="$kind" 'BEGIN { printf "v←"; for (i = 1; i <= n; i++) { a = (i * 7919) % 1000; item = kind == "int" ? sprintf("%d", a) : sprintf("%d.%03d", a, (i * 31) % 1000); printf "%s%s", item, (i < n ? " " : "\n") } }'
      echo "+/v"
    } > "$dir/lit_${kind}_$(printf %07d "$n").apl"
  done
}
sizes="100 1000 10000"
[ "$large" = 1 ] && sizes="$sizes 100000 1000000"
literal int integers "$sizes"
dsizes="100 1000 10000"
[ "$large" = 1 ] && dsizes="$dsizes 100000"
literal double doubles "$dsizes"
