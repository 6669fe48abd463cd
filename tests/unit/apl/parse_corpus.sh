#!/usr/bin/env bash
# Runs `aplc --emit=ast` (with the default prelude) on every .apl file of the apltail corpus and
# requires exit status 0 for all of them. Usage: parse_corpus.sh APLC CORPUS_DIR
set -uo pipefail
aplc=$1
dir=$2
# a2.apl continues a1.apl (it uses a1's `a` and `f`), so it is read after a1.apl.
declare -A before=([a2.apl]=a1.apl)
count=0
failed=0
for path in "$dir"/*.apl; do
  name=$(basename "$path")
  files=("$path")
  if [[ -n "${before[$name]:-}" ]]; then files=("$dir/${before[$name]}" "$path"); fi
  if ! "$aplc" --emit=ast "${files[@]}" >/dev/null 2>/tmp/aplc_corpus_err.$$; then
    echo "FAILED: $name"
    cat /tmp/aplc_corpus_err.$$
    failed=$((failed + 1))
  fi
  count=$((count + 1))
done
rm -f /tmp/aplc_corpus_err.$$
echo "$((count - failed)) of $count corpus programs parse and resolve"
[[ $count -gt 0 && $failed -eq 0 ]]
