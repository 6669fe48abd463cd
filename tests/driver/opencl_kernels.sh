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

# On CPU devices a per-point power's loop ends with a barrier (APLC_UNIFORM_LOOP_END, defined as
# one when the host builds with -DAPLC_CPU_DEVICE), so that the driver vectorizes across work
# items; loops that read memory (dot products) and loops whose bounds vary between work items (a
# block of a sum, the last one shorter) get none.
count_barriers() { "$aplc" --target=opencl --emit=opencl "$1" | grep -c 'APLC_UNIFORM_LOOP_END;'; }
printf 'z←{(⍵×⍵)-0.5}⍣20⊢(⍳5000)÷5000\n⎕←+/z<0\n' >"$work/power.apl"
[ "$(count_barriers "$work/power.apl")" = 1 ] || { echo "FAIL: the per-point power's loop has no barrier"; status=1; }
printf 'a←?300 200⍴10\nb←?200 100⍴10\n⎕←+/+/a+.×b÷3\n⎕←+/(?100000⍴10)÷7\n' >"$work/dots.apl"
[ "$(count_barriers "$work/dots.apl")" = 0 ] || { echo "FAIL: a dot product or a block of a sum has a barrier"; status=1; }
"$aplc" --target=opencl --emit=opencl "$work/power.apl" | grep -q '^#ifdef APLC_CPU_DEVICE$' ||
  { echo "FAIL: the kernels do not define APLC_UNIFORM_LOOP_END by device type"; status=1; }
exit $status
