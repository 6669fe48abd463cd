#!/usr/bin/env bash
# compare_with_interp.sh APLC FILE.tail [C_OPTIONS]: the sequential C program (aplc --run --target=c) must print exactly what
# the interpreter (aplc --interp) prints, on stdout and stderr, with the same exit status; in both
# output formats, and with flat index functions only (--arrays=flat). C_OPTIONS: more aplc options
# for the compiled programs (e.g. --sanitize).
set -u
aplc=$1
file=$2
c_options=${3:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ ! -f "$file" ]; then echo "no such program: $file" >&2; exit 2; fi
status=0
compare() {  # label, interpreter options, compiler options
  local label=$1 iopts=$2 copts=$3
  "$aplc" --interp $iopts "$file" >"$work/i.out" 2>"$work/i.err"; local irc=$?
  "$aplc" --run --target=c $copts $c_options "$file" >"$work/c.out" 2>"$work/c.err"; local crc=$?
  if ! cmp -s "$work/i.out" "$work/c.out" || ! cmp -s "$work/i.err" "$work/c.err" || [ $irc != $crc ]; then
    echo "MISMATCH ($label) for $file: interpreter exit $irc, compiled exit $crc"
    echo "--- interpreter stdout"; cat "$work/i.out"; echo "--- compiled stdout"; cat "$work/c.out"
    echo "--- interpreter stderr"; cat "$work/i.err"; echo "--- compiled stderr"; cat "$work/c.err"
    status=1
  fi
}
# A program whose header says `-- compiled-error: TEXT` is one compiled code does not support yet
# (complex numbers): compiling it must fail with TEXT on stderr (so support is noticed).
expected_error=$(sed -n 's/^-- compiled-error: //p' "$file" | head -1)
if [ -n "$expected_error" ]; then
  "$aplc" --run --target=c "$file" >"$work/c.out" 2>"$work/c.err"; crc=$?
  if [ $crc = 0 ] || ! grep -qF -- "$expected_error" "$work/c.err"; then
    echo "expected compilation to fail with: $expected_error (exit $crc)"; cat "$work/c.err"; exit 1
  fi
  exit 0
fi
compare apl "--format=apl" "--format=apl"
compare tail "--format=tail" "--format=tail"
compare flat "--format=apl" "--format=apl --arrays=flat"
exit $status
