#!/usr/bin/env bash
# The main job on the embedded default: build caqa, validate the bundled example
# predictions and score them against the example benchmark.
set -euo pipefail
cd "$(dirname "$0")/.."
CAQA_SETUP_WASM=0 bash scripts/setup.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build --target caqa
D=data/examples
build/native/caqa validate $D/pred_llm_responses.jsonl --gold $D/benchmark.jsonl
build/native/caqa score $D/pred_good.jsonl $D/pred_weak.jsonl $D/pred_weak.csv $D/pred_llm_responses.jsonl \
  --gold $D/benchmark.jsonl
