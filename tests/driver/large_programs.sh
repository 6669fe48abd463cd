#!/usr/bin/env bash
# Large programs (laila/Outline.h, docs/compile-time.md): a chain of 60 dfns is cut into C
# functions (`function outlined_…` in --emit=laila, noinline C functions), compiled at -O2 since
# its C is over 256 KiB (-O3 when asked for), and prints what the interpreter prints; a small
# program has no functions and is compiled at -O3.
# Usage: large_programs.sh APLC ROOT
set -euo pipefail
aplc=$1
root=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
fail() { echo "FAIL: $*"; exit 1; }

{
  echo "x←7|⍳1000"
  for i in $(seq 1 60); do echo "f$i←{($(( i % 5 + 1 ))⌽⍵)⌈⍵⌊¯$(( i % 3 + 1 ))⌽⍵}"; done
  line="+/"
  for i in $(seq 60 -1 1); do line+="f$i "; done
  echo "${line}x"
} > chain.apl
echo "⎕←+/⍳10" > small.apl

# (Dumps go to files: `grep -q` on a pipe would stop aplc with SIGPIPE, which pipefail reports.)
"$aplc" --emit=laila chain.apl > chain.laila
"$aplc" --emit=c chain.apl > chain.c
"$aplc" --emit=laila small.apl > small.laila
grep -q '^function outlined_1(' chain.laila || fail "--emit=laila shows no functions"
grep -q '^ *call outlined_' chain.laila || fail "--emit=laila shows no calls"
grep -q '^static __attribute__((noinline)) void aplc_fn_outlined_1(' chain.c || fail "--emit=c has no outlined function"
grep -q 'function' small.laila && fail "a small program got functions"

"$aplc" -v chain.apl -o chain 2> log.txt || { cat log.txt; fail "chain.apl did not compile"; }
grep -q "'-O2'" log.txt || { cat log.txt; fail "large C not compiled at -O2"; }
[ "$(./chain)" = "$("$aplc" --interp chain.apl)" ] || fail "compiled and interpreted outputs differ"
"$aplc" -O3 -v chain.apl -o chain 2> log.txt || fail "chain.apl -O3 did not compile"
grep -q "'-O3'" log.txt || { cat log.txt; fail "-O3 not passed on"; }
"$aplc" -v small.apl -o small 2> log.txt || fail "small.apl did not compile"
grep -q "'-O3'" log.txt || { cat log.txt; fail "small C not compiled at -O3"; }
[ "$(./small)" = "55" ] || fail "small.apl printed $(./small)"
echo "ok"
