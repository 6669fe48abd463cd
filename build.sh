#!/usr/bin/env bash
# Configures and builds aplc into ./build. APLC_SANITIZE=ON builds with ASan and UBSan.
set -euo pipefail
cd "$(dirname "$0")"
cmake -S . -B build -G Ninja -DAPLC_SANITIZE="${APLC_SANITIZE:-OFF}" >/dev/null
cmake --build build
