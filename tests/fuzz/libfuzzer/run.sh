#!/usr/bin/env bash
# Builds the libFuzzer targets with clang and runs each for a while: run.sh SECONDS [BUILD_DIR] [APLC]
#
# - BUILD_DIR (default: build-fuzz at the top of the checkout) is configured with clang and
#   -DAPLC_FUZZ=ON: the compiler's libraries instrumented for coverage, with ASan and UBSan.
# - The seed corpus: every .apl file under tests/ (programs, errors, the compiled corpus) and the
#   apltail corpus for fuzz_apl; tests/tail-errors and, with APLC (an aplc to run), the TAIL of
#   the tests/programs for fuzz_tail. What a run finds stays in BUILD_DIR/corpus/<target>, so
#   later runs start from it.
# - Each target runs SECONDS seconds (libFuzzer's -max_total_time), one input at most 30 s (the
#   sanitized compiler, with the type checker after every optimiser pass, is 10 to 30 times
#   slower than a plain build: 2 s for decode_encode.apl; $FUZZ_INPUT_TIMEOUT sets another).
#   $FUZZ_SEED_SAMPLE=N keeps one seed file in N (chosen by a hash of its path, so the same
#   ones each time; the tail-errors seeds are all kept): the ctest's seeds take under 3 minutes.
#   A crash, a sanitizer report, an internal compiler error (the harness aborts) or a time-out
#   is saved under BUILD_DIR/findings/ and fails the run (exit 1).
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
seconds=${1:?usage: run.sh SECONDS [BUILD_DIR] [APLC]}
build=${2:-$root/build-fuzz}
aplc=${3:-}
input_timeout=${FUZZ_INPUT_TIMEOUT:-30}
sample=${FUZZ_SEED_SAMPLE:-1}

cmake -S "$root" -B "$build" -G Ninja -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
  -DAPLC_FUZZ=ON -DAPLC_WERROR=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo > "$build.configure.log" 2>&1 ||
  { cat "$build.configure.log"; exit 1; }
cmake --build "$build" --target fuzz_apl fuzz_tail > "$build.build.log" 2>&1 || { tail -50 "$build.build.log"; exit 1; }

seeds=$build/seeds
rm -rf "$seeds" && mkdir -p "$seeds/apl" "$seeds/tail" "$build/corpus/apl" "$build/corpus/tail" "$build/findings"
find "$root/tests" "$root/../shared/conformance" -name '*.apl' 2>/dev/null | while read -r f; do
  h=$(echo "${f#"$root"/}" | md5sum | cut -c1-16)
  [ $((16#${h:0:4} % sample)) -eq 0 ] && cp "$f" "$seeds/apl/$h.apl"
done
cp "$root"/tests/tail-errors/*.tail "$seeds/tail/"
if [ -n "$aplc" ]; then
  for f in "$root"/tests/programs/*.apl; do
    h=$(echo "${f#"$root"/}" | md5sum | cut -c1-16)
    [ $((16#${h:0:4} % sample)) -eq 0 ] || continue
    "$aplc" --emit=tail "$f" > "$seeds/tail/$(basename "$f" .apl).tail" 2>/dev/null || rm -f "$seeds/tail/$(basename "$f" .apl).tail"
  done
fi

status=0
for target in apl tail; do
  echo "---- fuzz_$target: $seconds s, seeds: $(ls "$seeds/$target" | wc -l) files, corpus: $(ls "$build/corpus/$target" | wc -l)"
  if ! "$build/fuzz_$target" -max_total_time="$seconds" -timeout="$input_timeout" -rss_limit_mb=4096 -max_len=8192 \
       -dict="$root/tests/fuzz/libfuzzer/$target.dict" -artifact_prefix="$build/findings/$target-" \
       -print_final_stats=1 "$build/corpus/$target" "$seeds/$target" > "$build/fuzz_$target.log" 2>&1; then
    status=1
    echo "---- fuzz_$target found a problem (input saved under $build/findings):"
    grep -E "ERROR|internal compiler error|unexpected exception|SUMMARY|Test unit written" "$build/fuzz_$target.log" | head -20
  fi
  grep -E "stat::number_of_executed_units|stat::peak_rss_mb|cov:" "$build/fuzz_$target.log" | tail -3
done
exit $status
