#!/usr/bin/env bash
# The WebAssembly scorer against the native CLI on the same 1M-line files, in one run:
#   bench/run_wasm_bench.sh [N=1000000] [RUNS=5]
# Generates gold + predictions with ../shared/tools/oracle.py gen (never committed), builds
# the native CLI and the module (scripts/build_wasm.sh) when they are missing, then runs
# bench/wasm_bench.mjs: wasm score in Node, warm, against native `caqa score` on one core.
# Target: <= 1.5x. The in-browser time of a 24k file is tests/web/timing.mjs's.
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-1000000}
runs=${2:-5}
source bench/oracle_data.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build --target caqa >/dev/null
wasm_build=${CAQA_WASM_BUILD:-build-wasm}
[ -f "$wasm_build/wasm/caqa.wasm" ] || bash scripts/build_wasm.sh "$wasm_build" >/dev/null
CAQA_WASM_DIR="$wasm_build/wasm" node bench/wasm_bench.mjs "$data/gold.jsonl" "$data/pred_weak.jsonl" "$runs"
