# Shell functions for the runners that compare a generated program with the TAIL interpreter
# (tests/tsan/run.sh, tests/oclgrind/run.sh). Source it; it defines functions only.

# shellcheck source=expected_block.sh
source "$(dirname "${BASH_SOURCE[0]}")/expected_block.sh"

# interpreter_output APLC FILE OUT: what the interpreter prints for FILE (in FILE's folder), to
# OUT; returns its exit status. Where another test already compares the interpreter with a
# recorded output, that output is taken instead of running the interpreter again (under CI's
# sanitizers it takes seconds on some programs): a tests/programs expected block without an
# expected error (tests/programs/run.sh), and a benchmark's expected-small.txt (benchmarks/run's
# small check).
interpreter_output() {
  local block small
  small=$(dirname "$2")/expected-small.txt
  block=$(expected_block "$2")
  if [ -n "$block" ] && ! echo "$block" | grep -q '^⍝ error: '; then
    expected_stdout "$block" > "$3"
    return 0
  fi
  if [ "$(basename "$2" .apl)" = "$(basename "$(dirname "$2")")" ] && [ -f "$small" ]; then
    cp "$small" "$3"
    return 0
  fi
  ( cd "$(dirname "$2")" && timeout 60 "$1" --interp "$2" > "$3" 2> /dev/null )
}

# differs_from_interpreter NAME RC EXPECTED_RC OUT EXPECTED ERR: whether a run's exit status RC
# and stdout OUT differ from the interpreter's (EXPECTED_RC, EXPECTED); if so, says how, with the
# first lines of the run's stderr ERR.
differs_from_interpreter() {
  # Compared as run.sh compares them: trailing newlines left out (an expected block cannot show them).
  if [ "$2" -ne "$3" ] || [ "$(cat "$4")" != "$(cat "$5")" ]; then
    echo "---- $1: exit $2 and $(wc -l < "$4") lines, the interpreter exit $3 and $(wc -l < "$5") lines"
    head -5 "$6"
    return 0
  fi
  return 1
}
