#!/usr/bin/env bash
# The compile-time bound (issue 10, docs/compile-time.md): for every program, the Laila the
# lowering produces is at most BOUND times the size of the TAIL program it lowers:
#   bytes(aplc --emit=laila F) ≤ BOUND × bytes(aplc --emit=tail F)
# whatever the ⍣ counts, nesting and reuse. Each emission must also finish within LIMIT seconds.
#
#   bound.sh APLC ROOT CORPUS [BOUND=128] [LIMIT=60]
# Programs: tests/programs/*.apl, benchmarks/*/*.apl, the apltail corpus (CORPUS/*.apl, read with
# --format=tail as tests/conformance does) and the generated compile-time family
# (benchmarks/compile-time/generate.sh). Programs aplc rejects (no TAIL) are skipped and counted;
# a missing corpus, or no program checked, is a failure.
set -uo pipefail
aplc=$(realpath "$1")
root=$(realpath "$2")
corpus=$3
bound=${4:-128}
limit=${5:-60}

if [ ! -d "$corpus" ] || ! ls "$corpus"/*.apl > /dev/null 2>&1; then
  echo "FAIL: the apltail corpus is missing: $corpus (see tests/conformance)" >&2
  exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$root/benchmarks/compile-time/generate.sh" "$work/generated" || { echo "FAIL: generate.sh" >&2; exit 1; }

checked=0
skipped=0
failed=0
worst=0
worst_name=""
# check PROGRAM [aplc options...]
check() {
  local f=$1
  shift
  local tail laila
  timeout "$limit" "$aplc" "$@" --emit=tail "$f" > "$work/t" 2> "$work/err"
  local rc=$?
  if [ "$rc" -eq 124 ]; then
    echo "FAIL: $f: --emit=tail took more than ${limit} s"; failed=$((failed + 1)); return
  fi
  if [ "$rc" -ne 0 ]; then
    if grep -qi "internal" "$work/err"; then
      echo "FAIL: $f: internal error: $(head -1 "$work/err")"; failed=$((failed + 1)); return
    fi
    skipped=$((skipped + 1))  # rejected by aplc (a user error): nothing to bound
    return
  fi
  tail=$(wc -c < "$work/t")
  local start end
  start=$(date +%s.%N)
  timeout "$limit" "$aplc" "$@" --emit=laila "$f" > "$work/l" 2> "$work/err"
  rc=$?
  end=$(date +%s.%N)
  if [ "$rc" -eq 124 ]; then
    echo "FAIL: $f: --emit=laila took more than ${limit} s"; failed=$((failed + 1)); return
  fi
  if [ "$rc" -ne 0 ]; then
    # Rejected by the lowering (a user error, e.g. complex numbers): nothing to bound.
    if grep -qi "internal" "$work/err"; then
      echo "FAIL: $f: internal error in the lowering: $(head -1 "$work/err")"; failed=$((failed + 1)); return
    fi
    skipped=$((skipped + 1))
    return
  fi
  # Without the header naming the target's passes: a fixed line, not the program's growth (a
  # program whose TAIL is 4 bytes would exceed the bound by a pass's name).
  laila=$(grep -v '^// Laila passes for target' "$work/l" | wc -c)
  checked=$((checked + 1))
  local ratio
  ratio=$(awk -v l="$laila" -v t="$tail" 'BEGIN { printf "%.1f", (t > 0 ? l / t : 0) }')
  if awk -v r="$ratio" -v w="$worst" 'BEGIN { exit !(r > w) }'; then worst=$ratio; worst_name=$f; fi
  if [ "$laila" -gt $((bound * tail)) ]; then
    echo "FAIL: $f: Laila $laila bytes > $bound × TAIL $tail bytes (ratio $ratio)"
    failed=$((failed + 1))
  fi
  [ -n "${VERBOSE:-}" ] && printf '%8s %10s %6s %6.2fs %s\n' "$tail" "$laila" "$ratio" \
    "$(awk -v a="$start" -v b="$end" 'BEGIN { print b - a }')" "$f"
  return 0
}

cd "$root" || exit 1
for f in tests/programs/*.apl benchmarks/*/*.apl; do check "$f"; done
for f in "$work"/generated/*.apl; do check "$f"; done
for f in "$corpus"/*.apl; do check "$f" --format=tail; done

echo "$checked programs checked, $skipped skipped (rejected before lowering), $failed failed;" \
  "largest Laila/TAIL ratio $worst ($worst_name), bound $bound"
[ "$checked" -gt 0 ] || { echo "FAIL: no program was checked" >&2; exit 1; }
[ "$failed" -eq 0 ]
