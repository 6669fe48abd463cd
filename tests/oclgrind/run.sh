#!/usr/bin/env bash
# tests/oclgrind/run.sh APLC FILE...: Oclgrind check of the OpenCL target (issue 15, item 7).
#
# Each FILE.apl is compiled for the OpenCL target (`aplc --target=opencl`) and run on Oclgrind's
# simulated device (`oclgrind`, which replaces the machine's OpenCL platforms with its own), with
# its checks on: out-of-bounds and invalid memory accesses (always on), data races between work
# items (--data-races) and OpenCL API errors (--check-api). It must produce no Oclgrind message,
# run on no other device (APLC_PROFILE names the device of a program that launches kernels), and
# print what the TAIL interpreter prints (stdout and exit status).
# Kernels are built at -O0: Debian's Oclgrind 21.10 cannot run the llvm.abs intrinsic that its
# clang makes of `a < 0 ? -a : a` when optimising ("Undefined external function: llvm.abs.i64"),
# and unoptimised kernels keep every access the source makes.
# A FILE.c is an OpenCL host program, built and run the same way: the runner's own checks use
# one with deliberate errors, which must be reported.
# Programs aplc does not compile (exit 1: not supported, compile-time errors) are skipped.
set -uo pipefail
if [ $# -lt 2 ]; then echo "usage: run.sh APLC FILE..." >&2; exit 2; fi
aplc=$(realpath "$1")
shift
if ! command -v oclgrind > /dev/null; then
  echo "run.sh: oclgrind is not installed (setup.sh installs the Debian package oclgrind)"
  exit 2
fi
# shellcheck source=../common/against_interpreter.sh
source "$(dirname "$0")/../common/against_interpreter.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

export APLC_PROFILE=1
export APLC_OPENCL_HOST_WORK=0  # every kernel launched, however small (aplc_cl_on_host)
status=0 checked=0 skipped=0 on_device=0
for file in "$@"; do
  if [ ! -f "$file" ]; then echo "run.sh: error: no such file '$file'"; exit 2; fi
  file=$(realpath "$file")
  name=$(basename "$file")
  expected_rc=0
  : > "$work/expected"
  case $file in
    *.c)
      if ! cc -std=c11 "$file" -lOpenCL -o "$work/p" 2> "$work/cc.err"; then
        echo "---- $name: cc failed"; head -10 "$work/cc.err"; status=1; continue
      fi ;;
    *.apl)
      ( cd "$(dirname "$file")" && "$aplc" --target=opencl "$file" -o "$work/p" ) 2> "$work/aplc.err"
      rc=$?
      if [ $rc -eq 1 ]; then skipped=$((skipped + 1)); continue; fi
      if [ $rc -ne 0 ]; then echo "---- $name: aplc failed (exit $rc)"; head -5 "$work/aplc.err"; status=1; continue; fi
      interpreter_output "$aplc" "$file" "$work/expected"
      expected_rc=$? ;;
    *) echo "run.sh: error: '$file' is neither .apl nor .c"; exit 2 ;;
  esac
  rm -f "$work/log"
  # APLC_OPENCL_CACHE=off: the kernels built here (at -O0, an option Oclgrind adds itself) must
  # not be taken from, nor left in, aplc's cache of program binaries (backend/runtime/opencl_cache.c).
  # -DAPLC_CPU_DEVICE: the kernels as CPU devices build them, with a barrier ending the loops all
  # work items run alike (Oclgrind is a GPU device, which gets none): Oclgrind reports a barrier
  # that some work items of a group miss, and the kernels are otherwise the same.
  ( cd "$(dirname "$file")" &&
    APLC_OPENCL_CACHE=off APLC_OPENCL_BUILD_OPTIONS=-DAPLC_CPU_DEVICE timeout 300 oclgrind --data-races --check-api --build-options -O0 --log "$work/log" "$work/p" \
      > "$work/out" 2> "$work/err" )
  rc=$?
  checked=$((checked + 1))
  # A program whose kernels ran names its device in its profile; one without kernels runs on the host.
  grep -q "^aplc profile: device 'Oclgrind Simulator'" "$work/err" && on_device=$((on_device + 1))
  if [ -s "$work/log" ]; then
    echo "---- $name: Oclgrind report (exit $rc)"
    # Each kind of message once (addresses left out), with its count, then the first in full.
    grep -E '^[A-Z]' "$work/log" | sed 's/ at [a-z]* memory address 0x[0-9a-f]*//' | sort | uniq -c
    head -40 "$work/log"; status=1
  elif grep "^aplc profile: device " "$work/err" | grep -vq "device 'Oclgrind Simulator'"; then
    echo "---- $name: ran on another device than Oclgrind's"; grep "^aplc profile: device " "$work/err"; status=1
  elif differs_from_interpreter "$name" $rc "$expected_rc" "$work/out" "$work/expected" "$work/err"; then
    status=1
  fi
done
echo "run.sh: $checked checked under Oclgrind ($on_device of them ran kernels), $skipped not compiled (skipped)"
if [ $checked -eq 0 ]; then echo "run.sh: error: nothing was checked"; exit 2; fi
exit $status
