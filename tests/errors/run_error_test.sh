#!/usr/bin/env bash
# Runs one error test: `aplc --no-prelude NAME.apl` must exit with status 1 and print exactly
# NAME.err on stderr. A NAME.gen script, if present, generates NAME.apl (for inputs too big to
# commit). Usage: run_error_test.sh APLC TEST_DIR NAME
set -uo pipefail
aplc=$1
dir=$2
name=$3
if [[ ! -f "$dir/$name.err" ]] || [[ ! -f "$dir/$name.apl" && ! -f "$dir/$name.gen" ]]; then
  echo "run_error_test.sh: error: no $dir/$name.apl (or .gen) with its $name.err"
  exit 2
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [[ -f "$dir/$name.gen" ]]; then
  bash "$dir/$name.gen" >"$work/$name.apl"
else
  cp "$dir/$name.apl" "$work/"
fi
cd "$work" || exit 1
"$aplc" --no-prelude "$name.apl" >stdout.txt 2>stderr.txt
status=$?
if [[ $status -ne 1 ]]; then
  echo "expected exit status 1, got $status; stderr:"
  cat stderr.txt
  exit 1
fi
if ! diff -u "$dir/$name.err" stderr.txt; then
  echo "stderr differs from $name.err (above: - expected, + actual)"
  exit 1
fi
