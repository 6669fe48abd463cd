#!/usr/bin/env bash
# tests/tsan/run.sh APLC FILE...: ThreadSanitizer check of the OpenMP target (issue 14).
#
# Each FILE.apl is compiled to OpenMP C (`aplc --emit=c --target=omp`), built with clang's
# ThreadSanitizer against LLVM's OpenMP runtime (GCC's libgomp is not instrumented and gives
# false reports; libomp's Archer tool tells TSan about its synchronisation) and against an
# instrumented copy of aplc's runtime, and run on 3 threads (more than this machine's 2 cores)
# with every parallel loop threaded. It must print no TSan report, and print what the TAIL
# interpreter prints (stdout and exit status). A FILE.c is built and run the same way, as is:
# the runner's own check uses one with a deliberate race, which must fail.
# Programs aplc does not compile (exit 1: not supported, compile-time errors) are skipped.
# Environment: TSAN_CC (default clang).
set -uo pipefail
if [ $# -lt 2 ]; then echo "usage: run.sh APLC FILE..." >&2; exit 2; fi
aplc=$(realpath "$1")
shift
runtime=$(cd "$(dirname "$0")/../../backend/runtime" && pwd)
cc=${TSAN_CC:-clang}
# -O2, not TSan's usual -O1: clang 14 and 15 at -O1 with -fsanitize=thread print a wrong value for
# benchmarks/blackscholes even without threads (a sign select of its sequential code), where -O0,
# -O2 and every build without TSan print the interpreter's.
flags=(-std=c11 -fwrapv -ffp-contract=off -O2 -g -fopenmp -fsanitize=thread -I"$runtime")
# shellcheck source=../common/against_interpreter.sh
source "$(dirname "$0")/../common/against_interpreter.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The runtime, instrumented (its OpenCL part is not linked into OpenMP programs, nor, built by
# clang, its loader of GCC's libgomp).
for source in "$runtime"/*.c; do
  case "$(basename "$source")" in opencl.c | gomp_loader.c) continue ;; esac
  if ! "$cc" "${flags[@]}" -c "$source" -o "$work/$(basename "$source" .c).o" 2> "$work/cc.err"; then
    echo "run.sh: cannot build the runtime with '$cc -fsanitize=thread -fopenmp' (setup.sh installs" \
         "clang, libomp-dev and libclang-rt-14-dev):"
    head -20 "$work/cc.err"
    exit 2
  fi
done
ar rcs "$work/libruntime.a" "$work"/*.o

export OMP_NUM_THREADS=3 APLC_PARALLEL_MIN_WORK=1 APLC_PARALLEL_TEAM_WORK=0
export TSAN_OPTIONS="exitcode=66 halt_on_error=1 ignore_noninstrumented_modules=1"
status=0 checked=0 skipped=0
for file in "$@"; do
  if [ ! -f "$file" ]; then echo "run.sh: error: no such file '$file'"; exit 2; fi
  file=$(realpath "$file")
  name=$(basename "$file")
  c=$work/p.c
  expected_rc=0
  : > "$work/expected"
  case $file in
    *.c) cp "$file" "$c" ;;
    *.apl)
      ( cd "$(dirname "$file")" && "$aplc" --emit=c --target=omp "$file" -o "$c" ) 2> "$work/aplc.err"
      rc=$?
      if [ $rc -eq 1 ]; then skipped=$((skipped + 1)); continue; fi
      if [ $rc -ne 0 ]; then echo "---- $name: aplc failed (exit $rc)"; head -5 "$work/aplc.err"; status=1; continue; fi
      interpreter_output "$aplc" "$file" "$work/expected"
      expected_rc=$? ;;
    *) echo "run.sh: error: '$file' is neither .apl nor .c"; exit 2 ;;
  esac
  if ! "$cc" "${flags[@]}" "$c" "$work/libruntime.a" -lm -o "$work/p" 2> "$work/cc.err"; then
    echo "---- $name: clang failed on the generated C"; head -10 "$work/cc.err"; status=1; continue
  fi
  ( cd "$(dirname "$file")" && timeout 120 "$work/p" > "$work/out" 2> "$work/err" )
  rc=$?
  checked=$((checked + 1))
  if grep -q "ThreadSanitizer" "$work/err"; then
    echo "---- $name: ThreadSanitizer report (exit $rc)"; head -40 "$work/err"; status=1
  elif differs_from_interpreter "$name" $rc "$expected_rc" "$work/out" "$work/expected" "$work/err"; then
    status=1
  fi
done
echo "run.sh: $checked checked under ThreadSanitizer, $skipped not compiled (skipped)"
if [ $checked -eq 0 ]; then echo "run.sh: error: nothing was checked"; exit 2; fi
exit $status
