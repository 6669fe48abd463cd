#!/usr/bin/env bash
# Runs the apltail conformance corpus: run.sh APLC CORPUS_DIR KNOWN_FAILURES_FILE [extra aplc options]
# Prints "N passed, M failed", lists the failures, and exits non-zero when a program fails that
# is not in the known-failures file, or when a known failure now passes (update the file).
set -uo pipefail
aplc=$(realpath "$1")
corpus=$(realpath "$2")
known_file=$(realpath "$3")
shift 3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$corpus"/. "$work"/
cd "$work" || exit 2

known=" $(grep -v '^#' "$known_file" | awk '{print $1}' | tr '\n' ' ') "
passed=0
failed=0
unexpected=0
failures=""
for t in $(cat TESTS); do
  if timeout 60 "$aplc" --interp --format=tail "$@" "$t.apl" > "$t.out" 2> "$t.err" && cmp -s "$t.out" "$t.out.ok"; then
    passed=$((passed + 1))
    if [[ $known == *" $t "* ]]; then
      echo "now passing (remove it from known-failures.txt): $t"
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
[ "$unexpected" -eq 0 ]
