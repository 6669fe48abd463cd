#!/usr/bin/env bash
# Large programs (laila/passes/Outline.h, docs/compile-time.md): a chain of 60 dfns is cut into C
# functions (`function outlined_…` in --emit=laila, noinline C functions), a dfn's copies share
# one function, the C is compiled in two parts at once at -O2 since it is over 96 KiB (-O3
# when asked for), compiles whole too, and prints what the interpreter prints; a small program
# has no functions and is compiled at -O3, whole.
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
"$aplc" --target=c --emit=laila chain.apl > chain.laila
"$aplc" --target=c --emit=c chain.apl > chain.c
"$aplc" --target=c --emit=laila small.apl > small.laila
grep -q '^function outlined_1(' chain.laila || fail "--emit=laila shows no functions"
grep -q '^ *call outlined_' chain.laila || fail "--emit=laila shows no calls"
grep -q '^APLC_FUNCTION __attribute__((noinline)) void aplc_fn_outlined_1(' chain.c || fail "--emit=c has no outlined function"
grep -q '^#define APLC_PARTS 2$' chain.c || fail "large C is not written in two parts"
grep -q 'function' small.laila && fail "a small program got functions"
# f1 and f16 (and so on) are the same dfn: their applications call the same functions.
[ "$(grep -c '^function ' chain.laila)" -lt "$(grep -c '^ *call ' chain.laila)" ] || fail "no function serves two calls"

expected=$("$aplc" --interp chain.apl)
"$aplc" --target=c -v chain.apl -o chain 2> log.txt || { cat log.txt; fail "chain.apl did not compile"; }
grep -q "'-O2'" log.txt || { cat log.txt; fail "large C not compiled at -O2"; }
grep -q "'-DAPLC_PART=1' '-c'" log.txt || { cat log.txt; fail "large C not compiled in parts"; }
[ "$(./chain)" = "$expected" ] || fail "compiled and interpreted outputs differ"
cc -std=c11 -fwrapv -ffp-contract=off -I"$root/backend/runtime" chain.c "$(sed -n "s/.*'\([^']*libaplc_runtime_generated.a\)'.*/\1/p" log.txt | head -1)" -lm -o whole ||
  fail "the parted C does not compile whole"
[ "$(./whole)" = "$expected" ] || fail "the parted C compiled whole prints another result"
"$aplc" --target=c -O3 -v chain.apl -o chain 2> log.txt || fail "chain.apl -O3 did not compile"
grep -q "'-O3'" log.txt || { cat log.txt; fail "-O3 not passed on"; }
"$aplc" --target=c -v small.apl -o small 2> log.txt || fail "small.apl did not compile"
grep -q "'-O3'" log.txt || { cat log.txt; fail "small C not compiled at -O3"; }
grep -q "APLC_PART" log.txt && fail "small C compiled in parts"
[ "$(./small)" = "55" ] || fail "small.apl printed $(./small)"

# The OpenMP target's C is longer (outlined parallel loops and their inline copies), and its
# threshold is scaled so that a program gets the same level on both targets: decode_encode's
# OpenMP C is over 96 KiB, its sequential C under it, and both are compiled at -O3.
de="$root/tests/programs/decode_encode.apl"
"$aplc" --emit=c --target=c "$de" > de_c.c
"$aplc" --emit=c --target=omp "$de" > de_omp.c
[ "$(wc -c < de_c.c)" -le 98304 ] && [ "$(wc -c < de_omp.c)" -gt 98304 ] ||
  fail "the test needs a program whose OpenMP C alone is over 96 KiB ($(wc -c < de_c.c), $(wc -c < de_omp.c))"
for target in c omp; do
  "$aplc" -v --target=$target "$de" -o de_$target 2> log.txt || { cat log.txt; fail "decode_encode.apl did not compile"; }
  grep -q "'-O3'" log.txt || { cat log.txt; fail "decode_encode.apl's $target program not compiled at -O3"; }
done
echo "ok"
