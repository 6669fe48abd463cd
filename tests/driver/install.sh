#!/usr/bin/env bash
# `cmake --install` gives an aplc that works outside the build tree: install into a temporary
# prefix, then compile and run the example from another folder with the installed binary, which
# must use its installed prelude and runtime (its -v output names them).
# Usage: install.sh BUILD_DIR REPO_ROOT
set -uo pipefail
build=$(realpath "$1")
root=$(realpath "$2")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix="$work/prefix"
if ! cmake --install "$build" --prefix "$prefix" >"$work/install.log" 2>&1; then
  echo "FAIL: cmake --install"; cat "$work/install.log"; exit 1
fi
status=0
for f in bin/aplc share/aplc/prelude.apl share/aplc/include/aplc_runtime.h lib/aplc/libaplc_runtime_generated.a; do
  [ -e "$prefix/$f" ] || { echo "FAIL: $f is not installed"; status=1; }
done
mkdir "$work/elsewhere" && cd "$work/elsewhere" || exit 2
cp "$root/examples/signal.apl" .
if ! "$prefix/bin/aplc" -v signal.apl -o signal 2>verbose.txt; then
  echo "FAIL: the installed aplc cannot compile signal.apl"; cat verbose.txt; exit 1
fi
out=$(./signal)
[ "$out" = "258.5573404" ] || { echo "FAIL: signal printed '$out'"; status=1; }
grep -q "$prefix/lib/aplc/libaplc_runtime_generated.a" verbose.txt ||
  { echo "FAIL: the installed aplc does not link its installed runtime"; cat verbose.txt; status=1; }
grep -q "$root" verbose.txt && { echo "FAIL: the installed aplc uses the source tree"; cat verbose.txt; status=1; }
grep -q "^aplc: reading $prefix/share/aplc/prelude.apl signal.apl$" verbose.txt ||
  { echo "FAIL: the installed aplc does not read its installed prelude"; cat verbose.txt; status=1; }
exit $status
