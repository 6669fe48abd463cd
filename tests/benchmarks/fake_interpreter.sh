#!/usr/bin/env bash
# A stand-in for Dyalog APL (`dyalog -script FILE`) and GNU APL (`apl --script -f FILE`), for
# testing benchmarks/run's interpreter path where neither is installed: it runs FILE with aplc's
# TAIL interpreter ($FAKE_INTERPRETER_APLC), after what only a real interpreter has: ⎕AI[3] (a
# clock, here always 0) and the session's end (⎕OFF, )OFF). So the interpreter's script, with the
# runner's prologue (common/interpreter-prologue.apl: the ⎕INT32 functions as dfns) and its
# timing line, must print the benchmark's expected output.
set -euo pipefail
file=${!#}
script=$(mktemp --suffix=.apl)
trap 'rm -f "$script"' EXIT
sed -e 's/⎕AI\[3\]/0/g' -e '/^⎕OFF$/d' -e '/^)OFF$/d' "$file" >"$script"
exec "$FAKE_INTERPRETER_APLC" --interp "$script"
