#!/usr/bin/env bash
# A run-time APL error prints its location, then the source line and a caret under the failing
# primitive, like a compile-time error; the compiled program (through the table of source lines
# in the generated C) and the interpreter print exactly the same. With --unsafe there are no
# checks and no table. Usage: runtime_errors.sh APLC
set -uo pipefail
aplc=$(realpath "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 2
status=0
fail() { echo "FAIL: $*"; status=1; }

printf '⍝ an index error on line 3\nv←⍳3\n⎕←v[+/2 2]\n' >index.apl
cat >expected.txt <<'EOT'
index.apl:3:4: INDEX ERROR: index out of range on axis 1
    ⎕←v[+/2 2]
       ^
EOT
check() {  # label, command...
  local label=$1
  shift
  "$@" >out.txt 2>err.txt
  local rc=$?
  [ $rc = 1 ] || fail "$label: exit status $rc, expected 1"
  # The first line's wording belongs to the runtime; the excerpt and caret are what is tested.
  if [ "$(sed -n '2,$p' err.txt)" != "$(sed -n '2,$p' expected.txt)" ] || ! grep -q '^index.apl:3:4: INDEX ERROR' err.txt; then
    fail "$label: stderr is not the error, the source line and a caret:"
    cat err.txt
  fi
}
"$aplc" --target=c index.apl -o index || fail "compiling index.apl"
check compiled ./index
check interpreted "$aplc" --interp index.apl
"$aplc" --run --target=c index.apl 2>run.txt
"$aplc" --interp index.apl 2>interp.txt
# (The detail after the error name may be worded differently on the two paths.)
[ "$(sed -n '2,$p' run.txt)" = "$(sed -n '2,$p' interp.txt)" ] || { fail "compiled and interpreted excerpts differ"; diff run.txt interp.txt; }
"$aplc" --target=c --unsafe --emit=c index.apl > unsafe.c || fail "--unsafe --emit=c failed"
grep -q aplc_source_excerpts unsafe.c && fail "--unsafe still emits the table"
exit $status
