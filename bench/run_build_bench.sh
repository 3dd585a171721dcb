#!/usr/bin/env bash
# caqa build at scale on the real data in ../shared/data (skipped when absent):
#  - MetaQA (133,582 triples; 1- and 2-hop test+dev questions): samples/s, peak RSS,
#    label and complexity mix. Target: 50,000 samples in < 30 s and < 1 GB RSS.
#  - FB15k-237 (310,116 triples, from its tar.gz): load rate and resident bytes per triple.
#  - 1,000,000 synthetic TSV triples: load time. Target: < 3 s, <= 48 bytes per triple.
set -euo pipefail
cd "$(dirname "$0")/.."
data=../shared/data
if [ ! -d "$data/metaqa" ]; then echo "skipped: $data/metaqa is absent"; exit 0; fi
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build --target caqa >/dev/null
tmp=${CAQA_BENCH_DATA:-/tmp/caqa-bench}/build
mkdir -p "$tmp"

run() {  # run NAME COMMAND...: wall time and peak RSS of one caqa build
  local name=$1
  shift
  /usr/bin/time -q -f "%e %M" -o "$tmp/time" "$@" >"$tmp/$name.out" 2>"$tmp/$name.err"
  read -r seconds kb <"$tmp/time"
  echo "$name: ${seconds} s wall, peak RSS $((kb / 1024)) MB"
}

# A load measurement: caqa may build no sample there (no question fits the KG) and say so
# with exit 1; the load line this script reads comes first.
run_load() {
  run "$@" || true
  grep -q "^load " "$tmp/$1.err"
}

echo "== MetaQA: caqa build --metaqa (1- and 2-hop, test + dev questions) =="
run metaqa build/native/caqa build --metaqa "$data/metaqa" -o "$tmp/metaqa"
grep -E "^(load|build|write) " "$tmp/metaqa.err" | sed 's/^/  /'
python3 - "$tmp/metaqa/manifest.json" "$seconds" <<'PY'
import json, sys
m = json.load(open(sys.argv[1])); seconds = float(sys.argv[2]); c = m["counts"]
n = c["samples"]["train"] + c["samples"]["test"]
print(f"  {n} samples in {seconds:.2f} s end to end = {n / seconds:,.0f} samples/s; verification violations: {m['verification']['violations']}")
print("  labels:       " + ", ".join(f"{k} {v['train'] + v['test']} ({100 * (v['train'] + v['test']) / n:.1f}%)" for k, v in c["labels"].items()))
print("  complexities: " + ", ".join(f"{k} {v['train'] + v['test']} ({100 * (v['train'] + v['test']) / n:.1f}%)" for k, v in c["complexities"].items()))
PY

if [ -f "$data/fb15k-237/FB15k-237.tar.gz" ]; then
  echo "== FB15k-237: load (tar.gz extracted to $tmp/fb15k) =="
  mkdir -p "$tmp/fb15k"
  tar -xzf "$data/fb15k-237/FB15k-237.tar.gz" -C "$tmp/fb15k"
  dir=$(dirname "$(find "$tmp/fb15k" -name train.txt | head -1)")
  cp "$data/fb15k-237/entity2text.txt" "$dir/"
  run_load fb15k build/native/caqa build --fb15k "$dir" -o "$tmp/fb15k-out"
  grep -E "^load " "$tmp/fb15k.err" | sed 's/^/  /'
fi

echo "== 1,000,000 synthetic TSV triples (200,000 entities, 50 relations): load =="
python3 - "$tmp/synthetic.tsv" <<'PY'
import random, sys
rng = random.Random(1)
with open(sys.argv[1], "w") as f:
    for i in range(1_000_000):
        f.write(f"e{rng.randrange(200_000)}\tr{rng.randrange(50)}\te{rng.randrange(200_000)}\n")
PY
echo '{"id":"none","question":"-","answers":["e0"],"query":[["e1","r0","?a"]]}' >"$tmp/one_question.jsonl"
run_load synthetic build/native/caqa build --kg "$tmp/synthetic.tsv" --questions "$tmp/one_question.jsonl" -o "$tmp/synthetic-out"
grep -E "^load " "$tmp/synthetic.err" | sed 's/^/  /'
