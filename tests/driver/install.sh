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
if ! "$prefix/bin/aplc" -v --target=c signal.apl -o signal 2>verbose.txt; then
  echo "FAIL: the installed aplc cannot compile signal.apl"; cat verbose.txt; exit 1
fi
out=$(./signal)
[ "$out" = "258.5573404" ] || { echo "FAIL: signal printed '$out'"; status=1; }
grep -q "$prefix/lib/aplc/libaplc_runtime_generated.a" verbose.txt ||
  { echo "FAIL: the installed aplc does not link its installed runtime"; cat verbose.txt; status=1; }
grep -q "$root" verbose.txt && { echo "FAIL: the installed aplc uses the source tree"; cat verbose.txt; status=1; }
grep -q "^aplc: reading $prefix/share/aplc/prelude.apl signal.apl$" verbose.txt ||
  { echo "FAIL: the installed aplc does not read its installed prelude"; cat verbose.txt; status=1; }
# The OpenMP target links the installed libgomp loader, when the configured compiler is GCC.
if ! "$prefix/bin/aplc" -v --target=omp signal.apl -o signal-omp 2>verbose-omp.txt; then
  echo "FAIL: the installed aplc cannot compile signal.apl for OpenMP"; cat verbose-omp.txt; exit 1
fi
out=$(OMP_NUM_THREADS=2 APLC_PARALLEL_MIN_WORK=1 APLC_PARALLEL_TEAM_WORK=0 ./signal-omp)
[ "$out" = "258.5573404" ] || { echo "FAIL: signal's OpenMP program printed '$out'"; status=1; }
grep -q "$root" verbose-omp.txt && { echo "FAIL: the installed aplc's OpenMP link uses the source tree"; cat verbose-omp.txt; status=1; }
if grep -q gomp_loader verbose-omp.txt; then
  [ -e "$prefix/lib/aplc/libaplc_runtime_gomp_loader.a" ] || { echo "FAIL: the libgomp loader is not installed"; status=1; }
fi
exit $status
