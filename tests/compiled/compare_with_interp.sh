#!/usr/bin/env bash
# compare_with_interp.sh APLC FILE.tail [C_OPTIONS]: the compiled program (aplc --run) must print exactly what
# the interpreter (aplc --interp) prints, on stdout and stderr, with the same exit status; in both
# output formats, and with flat index functions only (--arrays=flat). C_OPTIONS: more aplc options
# for the compiled programs (e.g. --sanitize).
set -u
aplc=$1
file=$2
c_options=${3:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
compare() {  # label, interpreter options, compiler options
  local label=$1 iopts=$2 copts=$3
  "$aplc" --interp $iopts "$file" >"$work/i.out" 2>"$work/i.err"; local irc=$?
  "$aplc" --run $copts $c_options "$file" >"$work/c.out" 2>"$work/c.err"; local crc=$?
  if ! cmp -s "$work/i.out" "$work/c.out" || ! cmp -s "$work/i.err" "$work/c.err" || [ $irc != $crc ]; then
    echo "MISMATCH ($label) for $file: interpreter exit $irc, compiled exit $crc"
    echo "--- interpreter stdout"; cat "$work/i.out"; echo "--- compiled stdout"; cat "$work/c.out"
    echo "--- interpreter stderr"; cat "$work/i.err"; echo "--- compiled stderr"; cat "$work/c.err"
    status=1
  fi
}
compare apl "--format=apl" "--format=apl"
compare tail "--format=tail" "--format=tail"
compare flat "--format=apl" "--format=apl --arrays=flat"
exit $status
