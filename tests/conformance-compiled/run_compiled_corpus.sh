#!/usr/bin/env bash
# run_compiled_corpus.sh APLC CORPUS WORKDIR: compiles every program of CORPUS/CTESTS with
# `aplc --format=tail`, runs it in the corpus folder (programs read files there) and compares its
# stdout with NAME.out.ok. Prints the failures and "N passed, M failed"; fails if any failed.
# Skipped (with a message) while aplc does not compile APL source at all (no executable appears).
set -u
aplc=$1
corpus=$2
work=$3
mkdir -p "$work"
passed=0
failed=0
produced=0
failures=()
while read -r name; do
  [ -z "$name" ] && continue
  exe="$work/$name"
  rm -f "$exe"
  if (cd "$corpus" && "$aplc" --format=tail "$name.apl" -o "$exe") >"$work/$name.compile" 2>&1 && [ -x "$exe" ]; then
    produced=$((produced + 1))
    if (cd "$corpus" && timeout 60 "$exe") >"$work/$name.out" 2>"$work/$name.err" &&
       cmp -s "$work/$name.out" "$corpus/$name.out.ok"; then
      passed=$((passed + 1))
      continue
    fi
  fi
  failed=$((failed + 1))
  failures+=("$name")
done <"$corpus/CTESTS"
if [ "$produced" = 0 ]; then
  echo "aplc produced no executable for any corpus program (APL compilation not available yet): skipping"
  exit 0
fi
[ ${#failures[@]} -gt 0 ] && echo "failed: ${failures[*]}"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
