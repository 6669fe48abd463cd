#!/usr/bin/env bash
# Runs one tests/programs program through every execution path: run.sh APLC FILE.apl [C_OPTIONS]
# (format: tests/programs/README.md). Exits non-zero if any path disagrees with the expectation.
# C_OPTIONS: more aplc options for the compiled paths (e.g. --sanitize).
set -uo pipefail
if [ ! -f "$2" ]; then echo "run.sh: error: no such program '$2'" >&2; exit 2; fi
aplc=$(realpath "$1")
file=$(realpath "$2")
c_options=${3:-}

# One line per path: name, the tags that skip it (comma-separated), aplc's options.
paths=(
  "interp-opt::--interp"
  "interp-noopt::--interp --no-opt"
  "c:no_c:--run --target=c $c_options"
  "c-noopt:no_c:--run --target=c --no-opt $c_options"
  "omp:no_c:--run --target=omp $c_options"
  "omp-1thread:no_c:--run --target=omp $c_options"
  "opencl:no_c,no_opencl:--run --target=opencl ${c_options//--sanitize/}"
)
# The OpenCL path runs on the machine's OpenCL device (POCL's CPU device on machines without a
# GPU; APLC_OPENCL_DEVICE picks another). It leaves out --sanitize: the OpenCL driver in the
# process is not built with the sanitizers, and its own allocations would be reported as leaks
# (the host code's memory is checked on the C paths).
# The OpenMP path runs every parallel loop on threads, however little work it has (the default
# leaves loops of under 262144 estimated operations on one thread), with more threads than the
# machine's 2 cores (3, which finds races that 2 hide), and again on one thread (omp-1thread):
# one program, compiled once.
export APLC_PARALLEL_MIN_WORK=1 APLC_PARALLEL_TEAM_WORK=0
# The OpenCL path launches every kernel, however small (on a CPU device small loops would run on
# the host: backend/runtime/aplc_opencl.h, aplc_cl_on_host); a caller may set another limit.
export APLC_OPENCL_HOST_WORK=${APLC_OPENCL_HOST_WORK:-0}
# Every Laila pass's output is verified, so a broken pass is named (laila/passes/Passes.h).
export APLC_VERIFY_EACH_PASS=1
export OMP_NUM_THREADS=${OMP_NUM_THREADS:-3}

# shellcheck source=../common/expected_block.sh
source "$(dirname "$0")/../common/expected_block.sh"
block=$(expected_block "$file")
if [ -z "$(grep -x '⍝ == expected' "$file")" ]; then echo "$file: no '⍝ == expected' block"; exit 2; fi
if echo "$block" | grep -qv '^⍝'; then echo "$file: a line in the expected block is not a comment"; exit 2; fi
expected_error=$(echo "$block" | sed -n 's/^⍝ error: //p')
tags=" $(echo "$block" | sed -n 's/^⍝ tags: //p') "
peak_limit=$(echo "$block" | sed -n 's/^⍝ peak bytes: at most //p')
# Rules for every compiled target (`⍝ structure: RULE`) or for one (`⍝ structure on c: RULE`),
# kept as `TARGET: RULE` (`*` for every target).
structure=$(echo "$block" | sed -n -e 's/^⍝ structure: /*: /p' -e 's/^⍝ structure on \([a-z]*\): /\1: /p')
expected=$(expected_stdout "$block")

# Programs known to fail on the compiled paths (known-failures-compiled.txt: name, then why):
# their c paths must fail, so that a fix is noticed and the entry removed.
program=$(basename "$file" .apl)
known_compiled_failure=0
if grep -v '^#' "$(dirname "$0")/known-failures-compiled.txt" | awk '{print $1}' | grep -qx "$program"; then
  known_compiled_failure=1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The `⍝ structure:` rules against the memory plan for one target (aplc --emit=mem): prints each
# rule that fails. `at most|at least|exactly N live` compares the most blocks main has live at
# once; `... N "TEXT"` counts the plan's lines of code (not its comment lines) containing TEXT.
check_structure() {
  if ! "$aplc" --emit=mem --target="$1" "$file" > "$work/mem" 2> "$work/mem_err"; then
    echo "aplc --emit=mem --target=$1 failed: $(head -3 "$work/mem_err")"
    return
  fi
  local rule bound limit actual
  while IFS= read -r rule; do
    [ -z "$rule" ] && continue
    [[ $rule == "*: "* || $rule == "$1: "* ]] || continue
    rule=${rule#*: }
    if [[ $rule =~ ^(at\ most|at\ least|exactly)\ ([0-9]+)\ live$ ]]; then
      bound=${BASH_REMATCH[1]} limit=${BASH_REMATCH[2]}
      actual=$(sed -nE 's|^// main: [0-9]+ blocks?, at most ([0-9]+) live at once.*|\1|p' "$work/mem")
      actual=${actual:-0}
    elif [[ $rule =~ ^(at\ most|at\ least|exactly)\ ([0-9]+)\ \"(.*)\"$ ]]; then
      bound=${BASH_REMATCH[1]} limit=${BASH_REMATCH[2]}
      actual=$(grep -v '^ *//' "$work/mem" | grep -cF -- "${BASH_REMATCH[3]}")
    else
      echo "unknown structure rule: $rule"
      continue
    fi
    case $bound in
      "at most") [ "$actual" -le "$limit" ] ;;
      "at least") [ "$actual" -ge "$limit" ] ;;
      exactly) [ "$actual" -eq "$limit" ] ;;
    esac || echo "structure on $1: expected $rule, found $actual"
  done <<< "$structure"
}

cd "$(dirname "$file")" || exit 2
status=0
ran=0
for p in "${paths[@]}"; do
  name=${p%%:*}
  rest=${p#*:}
  skip=${rest%%:*}
  opts=${rest#*:}
  skipped=0
  for tag in ${skip//,/ }; do
    if [[ $tags == *" $tag "* ]]; then skipped=1; fi
  done
  if [ $skipped -eq 1 ]; then continue; fi
  compiled=0
  [[ $name == c* || $name == omp* || $name == opencl ]] && compiled=1
  threads=$OMP_NUM_THREADS
  [ "$name" = omp-1thread ] && threads=1
  stats=()
  [ -n "$peak_limit" ] && [ $compiled -eq 1 ] && stats=(APLC_STATS=1)
  run_path() {
    if [[ $name == omp* ]]; then
      run_omp_program
    else
      # shellcheck disable=SC2086
      env OMP_NUM_THREADS="$threads" "${stats[@]}" timeout 60 "$aplc" $opts "$file" > "$work/out" 2> "$work/err"
    fi
  }
  # The OpenMP program is compiled once, by the omp path (which comes first), and runs on both
  # paths' threads; a compile-time error is both paths' result.
  run_omp_program() {
    if [ "$name" = omp ]; then
      # shellcheck disable=SC2086
      timeout 60 "$aplc" ${opts/--run/} -o "$work/omp_program" "$file" > "$work/omp_out" 2> "$work/omp_err"
      omp_build=$?
    fi
    if [ "$omp_build" -ne 0 ]; then
      cp "$work/omp_out" "$work/out"; cp "$work/omp_err" "$work/err"; return "$omp_build"
    fi
    env OMP_NUM_THREADS="$threads" "${stats[@]}" timeout 60 "$work/omp_program" > "$work/out" 2> "$work/err"
  }
  run_path
  rc=$?
  # POCL, the CPU OpenCL driver, rarely dies by a signal under load (tests/fuzz/README.md: aborts
  # that never reproduce alone). A program killed by a signal on the OpenCL path runs once more,
  # and says so; one killed twice fails.
  if [ "$name" = opencl ] && [ $rc -gt 128 ] && [ $rc -ne 137 ]; then
    echo "note: the opencl path of $(basename "$file") died by signal $((rc - 128)); run again"
    run_path
    rc=$?
  fi
  ran=$((ran + 1))
  actual=$(cat "$work/out")
  ok=1
  if [ -n "$expected_error" ]; then
    if [ $rc -eq 0 ] || ! grep -qF -- "$expected_error" "$work/err"; then ok=0; fi
  elif [ $rc -ne 0 ]; then
    ok=0
  fi
  if [ "$actual" != "$expected" ]; then ok=0; fi
  peak_note=""
  if [ -n "$peak_limit" ] && [ $compiled -eq 1 ]; then
    peak=$(sed -n 's/^aplc stats: .* \([0-9][0-9]*\) bytes live at the peak.*/\1/p' "$work/err")
    if [ -z "$peak" ] || [ "$peak" -gt "$peak_limit" ]; then
      ok=0; peak_note="arrays' peak: ${peak:-not reported} bytes, expected at most $peak_limit"
    fi
  fi
  structure_note=""
  if [ -n "$structure" ] && [[ $name == c || $name == omp || $name == opencl ]]; then
    structure_note=$(check_structure "$name")
    [ -n "$structure_note" ] && ok=0
  fi
  if [ $known_compiled_failure -eq 1 ] && [ $compiled -eq 1 ]; then
    if [ $ok -eq 1 ]; then
      status=1
      echo "---- $name: $(basename "$file") now passes: remove it from known-failures-compiled.txt"
    fi
    continue
  fi
  if [ $ok -eq 0 ]; then
    status=1
    echo "---- $name: $(basename "$file") (aplc $opts, exit $rc)"
    echo "expected:"; echo "$expected"
    [ -n "$expected_error" ] && echo "expected error: $expected_error"
    echo "actual:"; echo "$actual"
    echo "stderr:"; head -5 "$work/err"
    [ -n "$peak_note" ] && echo "$peak_note"
    [ -n "$structure_note" ] && echo "$structure_note"
  fi
done
if [ $ran -eq 0 ]; then echo "run.sh: error: no path ran $(basename "$file")"; exit 2; fi
exit $status
