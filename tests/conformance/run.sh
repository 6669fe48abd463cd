#!/usr/bin/env bash
# Runs the apltail conformance corpus through one execution path:
#   run.sh APLC CORPUS_DIR LIST KNOWN_FAILURES_FILE interp|compiled [extra aplc options]
# LIST names the corpus's list of programs (TESTS or CTESTS). `interp` runs
# `aplc --interp --format=tail F.apl`; `compiled` runs `aplc --format=tail F.apl -o F.exe` and then
# the executable. Each runs in a temporary copy of the corpus (programs read files there), and its
# stdout must equal F.out.ok byte for byte. Prints "N passed, M failed", lists the failures, and
# exits non-zero when a program fails that is not in the known-failures file, or when a known
# failure now passes (update the file).
# A missing corpus, list or known-failures file, or a list that names no program, is a failure:
# a run that executed no test must not pass.
set -uo pipefail
# Every Laila pass's output is verified, so a broken pass is named (laila/passes/Passes.h).
export APLC_VERIFY_EACH_PASS=1
if [ $# -lt 5 ]; then echo "usage: run.sh APLC CORPUS_DIR LIST KNOWN_FAILURES_FILE interp|compiled [options]" >&2; exit 2; fi
for f in "$1" "$4"; do
  if [ ! -f "$f" ]; then echo "run.sh: error: no such file '$f'" >&2; exit 2; fi
done
if [ ! -d "$2" ]; then
  echo "run.sh: error: the corpus directory '$2' does not exist (it is ../shared/conformance/apltail)" >&2
  exit 2
fi
if [ ! -s "$2/$3" ]; then echo "run.sh: error: the corpus has no list '$3' (or it is empty)" >&2; exit 2; fi
aplc=$(realpath "$1")
corpus=$(realpath "$2")
list=$3
known_file=$(realpath "$4")
mode=$5
shift 5
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$corpus"/. "$work"/
cd "$work" || exit 2

# Runs the compiled program $1. POCL, the CPU OpenCL driver, rarely dies by a signal under load
# (tests/fuzz/README.md: aborts that never reproduce alone): an OpenCL program killed by a signal
# runs once more, and says so; one killed twice fails.
run_executable() {
  timeout 60 "./$1.exe" > "$1.out" 2> "$1.err"
  local rc=$?
  if [[ " ${extra[*]} " == *" --target=opencl "* ]] && [ $rc -gt 128 ] && [ $rc -ne 137 ]; then
    echo "note: $1 died by signal $((rc - 128)) on OpenCL; run again"
    timeout 60 "./$1.exe" > "$1.out" 2> "$1.err"
    rc=$?
  fi
  return $rc
}

# Runs program $1 through the chosen path, its output in $1.out and errors in $1.err.
run_program() {
  case $mode in
    interp) timeout 60 "$aplc" --interp --format=tail "${extra[@]}" "$1.apl" > "$1.out" 2> "$1.err" ;;
    compiled) timeout 60 "$aplc" --format=tail "${extra[@]}" "$1.apl" -o "$1.exe" > "$1.out" 2> "$1.err" &&
              run_executable "$1" ;;
    *) echo "unknown mode '$mode'" >&2; exit 2 ;;
  esac
}

extra=("$@")
known=" $(grep -v '^#' "$known_file" | awk '{print $1}' | tr '\n' ' ') "
passed=0
failed=0
unexpected=0
failures=""
for t in $(cat "$list"); do
  if run_program "$t" && cmp -s "$t.out" "$t.out.ok"; then
    passed=$((passed + 1))
    if [[ $known == *" $t "* ]]; then
      echo "now passing (remove it from $(basename "$known_file")): $t"
      unexpected=$((unexpected + 1))
    fi
  else
    failed=$((failed + 1))
    failures="$failures $t"
    if [[ $known != *" $t "* ]]; then
      unexpected=$((unexpected + 1))
      echo "---- FAILED: $t"
      head -5 "$t.err"
      diff "$t.out" "$t.out.ok" | head -10
    fi
  fi
done
echo "$passed passed, $failed failed"
if [ -n "$failures" ]; then echo "failing:$failures"; fi
if [ $((passed + failed)) -eq 0 ]; then echo "run.sh: error: no program was run" >&2; exit 2; fi
[ "$unexpected" -eq 0 ]
