#!/usr/bin/env bash
# The main job on the embedded default: build caqa, build the benchmark from the default
# KG and questions (data/default) into benchmark/, then validate and score the bundled
# example predictions (data/examples/default) against its test split.
set -euo pipefail
cd "$(dirname "$0")/.."
CAQA_SETUP_WASM=0 bash scripts/setup.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build --target caqa
build/native/caqa build -o benchmark
echo
build/native/caqa validate data/examples/default/pred_keyword_overlap.jsonl --gold benchmark/test.jsonl
echo
build/native/caqa score data/examples/default/pred_keyword_overlap.jsonl data/examples/default/pred_always_supportive.jsonl \
  --gold benchmark/test.jsonl
echo
# Can the labels be guessed from part of the input? (trained baseline on partial inputs)
build/native/caqa audit --train benchmark/train.jsonl --test benchmark/test.jsonl
