#!/usr/bin/env bash
# Installs everything aplc needs on a fresh Debian 12 machine, from Debian packages.
# Safe to run again: apt-get skips what is already installed.
set -euo pipefail
packages=(
  build-essential cmake ninja-build ccache    # C++20 toolchain and build
  re2c bison                                  # lexer and parser generators
  libgtest-dev                                # unit tests
  libboost-dev                                # Boost.Multiprecision (header-only)
  ocl-icd-opencl-dev opencl-headers           # OpenCL ICD loader and headers
  pocl-opencl-icd clinfo                      # CPU OpenCL device for machines without a GPU
  valgrind                                    # runtime leak checks
  clang libomp-dev libclang-rt-14-dev         # ThreadSanitizer check of OpenMP code (tests/tsan)
  oclgrind                                    # out-of-bounds and data-race check of OpenCL kernels (tests/oclgrind)
  gnuplot-nox                                 # benchmarks/run's plots (PNG)
)
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -q
$sudo apt-get install -y -q --no-install-recommends "${packages[@]}"
