#!/usr/bin/env bash
# valgrind_programs.sh APLC WORKDIR FILE.tail...: compiles each program and runs it under valgrind
# (memory errors or leaks fail the test). Skipped (exit 77, ctest's SKIP_RETURN_CODE) when valgrind
# is missing; no program, or a program that does not exist, fails.
set -u
aplc=$1
work=$2
shift 2
if ! command -v valgrind >/dev/null; then
  echo "valgrind is not installed: skipping"
  exit 77
fi
if [ $# -eq 0 ]; then echo "valgrind_programs.sh: no programs given" >&2; exit 2; fi
status=0
for file in "$@"; do
  if [ ! -f "$file" ]; then echo "no such program: $file"; status=1; continue; fi
  exe="$work/valgrind_$(basename "$file" .tail)"
  if ! "$aplc" --target=c -O1 "$file" -o "$exe"; then echo "FAILED to compile $file"; status=1; continue; fi
  if ! valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=all "$exe" >/dev/null 2>"$exe.valgrind"; then
    echo "valgrind reports problems in $file:"; cat "$exe.valgrind"; status=1
  fi
done
[ $status = 0 ] && echo "$# programs clean under valgrind"
exit $status
