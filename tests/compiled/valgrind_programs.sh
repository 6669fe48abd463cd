#!/usr/bin/env bash
# valgrind_programs.sh APLC WORKDIR FILE.tail...: compiles each program and runs it under valgrind
# (memory errors or leaks fail the test). Skipped, with a message, when valgrind is missing.
set -u
aplc=$1
work=$2
shift 2
if ! command -v valgrind >/dev/null; then
  echo "valgrind is not installed: skipping"
  exit 0
fi
status=0
for file in "$@"; do
  exe="$work/valgrind_$(basename "$file" .tail)"
  if ! "$aplc" -O1 "$file" -o "$exe"; then echo "FAILED to compile $file"; status=1; continue; fi
  if ! valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=all "$exe" >/dev/null 2>"$exe.valgrind"; then
    echo "valgrind reports problems in $file:"; cat "$exe.valgrind"; status=1
  fi
done
[ $status = 0 ] && echo "$# programs clean under valgrind"
exit $status
