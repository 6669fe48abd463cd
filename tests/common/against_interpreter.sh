# Shell functions for the runners that compare a generated program with the TAIL interpreter
# (tests/tsan/run.sh, tests/oclgrind/run.sh). Source it; it defines functions only.

# interpreter_output APLC FILE OUT: runs the interpreter on FILE (in FILE's folder), its stdout to
# OUT; returns the interpreter's exit status.
interpreter_output() {
  ( cd "$(dirname "$2")" && timeout 60 "$1" --interp "$2" > "$3" 2> /dev/null )
}

# differs_from_interpreter NAME RC EXPECTED_RC OUT EXPECTED ERR: whether a run's exit status RC
# and stdout OUT differ from the interpreter's (EXPECTED_RC, EXPECTED); if so, says how, with the
# first lines of the run's stderr ERR.
differs_from_interpreter() {
  if [ "$2" -ne "$3" ] || ! cmp -s "$4" "$5"; then
    echo "---- $1: exit $2 and $(wc -l < "$4") lines, the interpreter exit $3 and $(wc -l < "$5") lines"
    head -5 "$6"
    return 0
  fi
  return 1
}
