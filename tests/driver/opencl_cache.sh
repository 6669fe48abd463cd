#!/usr/bin/env bash
# aplc's cache of OpenCL program binaries (backend/runtime/opencl_cache.c): a second run takes the
# kernels from it and prints the same; a damaged entry is built from source again and replaced;
# APLC_OPENCL_CACHE=off keeps nothing.
# Usage: opencl_cache.sh APLC
set -uo pipefail
aplc=$1
status=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; status=1; }
cat >"$work/p.apl" <<'APL'
x ← 0.5×⍳100000
⎕ ← +/x×x
⎕ ← ⌈/x-⌽x
APL
expected=$("$aplc" --interp "$work/p.apl") || { echo "FAIL: the interpreter failed"; exit 1; }
"$aplc" --target=opencl "$work/p.apl" -o "$work/p" || { echo "FAIL: aplc --target=opencl failed"; exit 1; }
run() {  # label, cache setting; sets $from_cache
  local out
  out=$(APLC_OPENCL_CACHE=$2 APLC_PROFILE=1 "$work/p" 2>"$work/err") || fail "$1: exit status $?: $(head -3 "$work/err")"
  [ "$out" = "$expected" ] || fail "$1: printed '$out', expected '$expected'"
  from_cache=0
  grep -q "from aplc's cache of binaries" "$work/err" && from_cache=1
}
cache="$work/cache"
run "first run" "$cache"
[ $from_cache -eq 0 ] || fail "the first run took its kernels from an empty cache"
entries=("$cache"/*.bin)
[ ${#entries[@]} -eq 1 ] && [ -s "${entries[0]}" ] || fail "the first run left ${#entries[@]} entries in $cache, expected one binary"
run "second run" "$cache"
[ $from_cache -eq 1 ] || fail "the second run built its kernels from source"
printf 'not a binary' >"${entries[0]}"
run "run with a damaged entry" "$cache"
[ $from_cache -eq 0 ] || fail "a damaged entry was taken as the kernels"
[ "$(wc -c <"${entries[0]}")" -gt 100 ] || fail "the damaged entry was not replaced"
run "run after the replacement" "$cache"
[ $from_cache -eq 1 ] || fail "the replaced entry was not taken"
cd "$work" || exit 1
for n in 1 2; do
  XDG_CACHE_HOME="$work/xdg" HOME="$work/home" run "run $n with the cache off" off
  [ $from_cache -eq 0 ] || fail "APLC_OPENCL_CACHE=off took kernels from a cache"
done
# (POCL may keep its own cache under $HOME; aplc's would be in an `aplc` folder.)
[ ! -e "$work/xdg/aplc" ] && [ ! -e "$work/home/.cache/aplc" ] || fail "APLC_OPENCL_CACHE=off wrote a cache"
[ $status -eq 0 ] && echo "ok: the cache of binaries is used, repaired and turned off as documented"
exit $status
