#!/usr/bin/env bash
# Everything CI runs: install, build, unit/golden/CLI tests, then the WebAssembly build
# with its native-equals-wasm report check. Run from anywhere.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build
ctest --test-dir build --output-on-failure -j "$(nproc)"
bash scripts/fetch_imgui.sh build-wasm
bash scripts/build_wasm.sh build-wasm
# The leaderboard site in headless Chromium (npm packages from the committed lockfile).
bash scripts/build_site.sh dist
(cd tests/web && npm ci --no-audit --no-fund --silent)
node tests/web/e2e.mjs
node tests/web/board.mjs
node tests/web/timing.mjs
node tests/web/explorer.mjs
