#!/usr/bin/env bash
# The kernels of the OpenCL target, counted in `aplc --target=opencl --emit=opencl`: the benchmarks
# at their large sizes keep their work on the device (a reduction whose blocks fold on the host,
# or a parallel loop that stops being a kernel, runs correctly but slowly, which no output shows).
# Usage: opencl_kernels.sh APLC REPO_ROOT
set -uo pipefail
aplc=$1
root=$2
status=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
expect_kernels() {  # benchmark, size assignments (sed expressions), least number of kernels, what
  local file="$work/$1.apl" n
  sed "$2" "$root/benchmarks/$1/$1.apl" >"$file"
  if ! n=$("$aplc" --target=opencl --emit=opencl "$file" | grep -c '^__kernel '); then
    echo "FAIL: aplc --target=opencl --emit=opencl on $1 failed or printed no kernel"; status=1; return
  fi
  if [ "$n" -lt "$3" ]; then
    echo "FAIL: $1 has $n kernels, expected at least $3 ($4)"
    "$aplc" --target=opencl --emit=laila "$file" | grep -n 'parallel for\|^for\|^function' | head -20
    status=1
  fi
}
expect_kernels signal 's/^N ← .*/N ← 50000000/' 1 "the blocks of the sum"
expect_kernels easter 's/^N ← .*/N ← 10000000/' 1 "the blocks of the exact integer sum"
expect_kernels blackscholes 's/^N ← .*/N ← 10000000/' 1 "the blocks of the sum, around the dfn's arithmetic"
expect_kernels mandelbrot 's/^W ← .*/W ← 1024/; s/^H ← .*/H ← 768/; s/^N ← .*/N ← 255/' 3 "the per-point power, the blocks of both sums (one loop: the counts' sum is exact in any order), the result"
expect_kernels hotspot 's/^N ← .*/N ← 360/; s/^M ← .*/M ← 512/' 3 "the stencil inside the power loop"

# On CPU devices a per-point power runs in point tiles (backend/opencl/PointTiles.h): a work item
# runs 16 points, their scalars in arrays, its loop's body a loop over them, in a body the host
# selects with -DAPLC_CPU_DEVICE; no barrier. A loop that reads memory gets a barrier
# (APLC_UNIFORM_LOOP_END, defined as one by the same macro) only in a kernel of few work items
# (k-means' sums per centre); a loop that reads memory takes a point tile when it runs at least
# 256 times (matrix product's dot products of 1000); short dot products and blocks of sums get
# neither.
count() { "$aplc" --target=opencl --emit=opencl "$1" | grep -c "$2"; }
printf 'z←{(⍵×⍵)-0.5}⍣20⊢(⍳5000)÷5000\n⎕←+/z<0\n' >"$work/power.apl"
[ "$(count "$work/power.apl" '^  const long aplc_first = (long)get_global_id(0) \* 16;$')" = 1 ] ||
  { echo "FAIL: the per-point power has no point tile"; status=1; }
[ "$(count "$work/power.apl" 'APLC_UNIFORM_LOOP_END;')" = 0 ] || { echo "FAIL: the per-point power has a barrier"; status=1; }
printf 'a←?300 200⍴10\nb←?200 100⍴10\n⎕←+/+/a+.×b÷3\n⎕←+/(?100000⍴10)÷7\n' >"$work/dots.apl"
[ "$(count "$work/dots.apl" 'APLC_UNIFORM_LOOP_END;\|aplc_first')" = 0 ] ||
  { echo "FAIL: a dot product or a block of a sum has a barrier or a point tile"; status=1; }
sed 's/^N ← .*/N ← 1000/' "$root/benchmarks/matmul/matmul.apl" >"$work/matmul.apl"
[ "$(count "$work/matmul.apl" '^  const long aplc_first = ')" = 1 ] ||
  { echo "FAIL: matrix product's dot products of 1000 (a loop that reads memory, long) have no point tile"; status=1; }
sed 's/^N ← .*/N ← 100000/; s/^K ← .*/K ← 8/' "$root/benchmarks/kmeans/kmeans.apl" >"$work/kmeans.apl"
[ "$(count "$work/kmeans.apl" '^  const long aplc_first = ')" = 0 ] ||
  { echo "FAIL: k-means has a point tile (its loops that read memory are short, or in few work items)"; status=1; }
[ "$(count "$work/kmeans.apl" 'APLC_UNIFORM_LOOP_END;')" -ge 1 ] ||
  { echo "FAIL: k-means' sums per centre (few work items) have no barrier"; status=1; }
[ "$(count "$work/power.apl" '^#ifdef APLC_CPU_DEVICE$')" -ge 1 ] ||
  { echo "FAIL: the kernels choose nothing by device type"; status=1; }
# Memory expansion (backend/memory/Expansion.h): an each whose elements compress vectors of their
# own is one kernel, its parts of the host's blocks contiguous (a CPU device) or interleaved (a
# GPU's layout, chosen here by APLC_EXPANSION_INTERLEAVED), in chunks of iterations that keep the
# blocks within APLC_EXPANSION_BYTES: the same output every way, and a launch per chunk.
printf 'sigma←{+/(0=(⍳⍵)|⍵)/⍳⍵}\ns←sigma¨⍳2000\n⎕←+/s\n⎕←(s=2×⍳2000)/⍳2000\n' >"$work/expand.apl"
"$aplc" --target=opencl "$work/expand.apl" -o "$work/expand" || { echo "FAIL: expand.apl does not compile for OpenCL"; status=1; }
expected=$("$aplc" --target=c --run "$work/expand.apl")
launches() {
  env APLC_OPENCL_HOST_WORK=0 APLC_PROFILE=1 "$@" "$work/expand" >"$work/expand.out" 2>"$work/expand.err"
  [ "$(cat "$work/expand.out")" = "$expected" ] || { echo "FAIL: expand.apl with $* printed $(cat "$work/expand.out")"; status=1; }
  sed -n 's/^aplc profile: aplc_kernel_[0-9]*: \([0-9]*\) launches.*/\1/p' "$work/expand.err" | sort -n | tail -1
}
[ "$(launches APLC_EXPANSION_INTERLEAVED=0)" = 1 ] || { echo "FAIL: the expanded loop is not one launch"; status=1; }
[ "$(launches APLC_EXPANSION_INTERLEAVED=1)" = 1 ] || { echo "FAIL: interleaved, the expanded loop is not one launch"; status=1; }
n=$(launches APLC_EXPANSION_INTERLEAVED=1 APLC_EXPANSION_BYTES=100000)
[ -n "$n" ] && [ "$n" -gt 1 ] || { echo "FAIL: within 100000 bytes the expanded loop ran in $n launches, not several"; status=1; }
exit $status
