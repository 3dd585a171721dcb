#!/usr/bin/env bash
# caqa meta's bootstrap at scale, end to end and replicates only.
#   bench/run_meta_bench.sh [N=1000000] [RUNS=3]
# Files: oracle.py gen's gold and pred_weak (scores in steps of 0.1: few distinct values)
# plus pred_full, pred_strong with every score made distinct (full precision, the usual case
# for a metric). Prints caqa meta with 1,000 resamples and with none for both, the ratios
# (targets: full precision with 1,000 resamples < 5 s; full / few within 2x), then
# build/bench/meta_bench (CPU 1 thread, all threads, and the CUDA twin when a GPU answers).
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-1000000}
runs=${2:-3}
oracle=../shared/tools/oracle.py
py=/usr/bin/python3
if [ ! -f "$oracle" ]; then echo "skipped: $oracle is absent"; exit 0; fi
data=${CAQA_BENCH_DATA:-/tmp/caqa-bench/n$n}
if [ ! -f "$data/gold.jsonl" ]; then
  echo "generating $n samples with oracle.py gen into $data ..."
  $py "$oracle" gen --n "$n" --seed 1 --out "$data" >/dev/null
fi
if [ ! -f "$data/pred_full.jsonl" ]; then
  $py - "$data" <<'PY'
import json, random, sys
d = sys.argv[1]; rng = random.Random(1)
with open(f"{d}/pred_strong.jsonl") as src, open(f"{d}/pred_full.jsonl.tmp", "w") as out:
    for line in src:
        r = json.loads(line)
        if isinstance(r.get("score"), (int, float)):
            r["score"] = r["score"] + rng.random() * 1e-4  # every score distinct, order kept to 1e-4
        out.write(json.dumps(r) + "\n")
import os; os.replace(f"{d}/pred_full.jsonl.tmp", f"{d}/pred_full.jsonl")
PY
fi
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build --target caqa meta_bench >/dev/null

python3 - "$runs" "$data" <<'PY'
import subprocess, sys, time
runs, data = int(sys.argv[1]), sys.argv[2]
gold = f"{data}/gold.jsonl"

def best(args):
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run(["build/native/caqa", "meta", *args, "--gold", gold, "--json"], stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, check=True)
        times.append(time.perf_counter() - t0)
    return min(times)

rows = {}
for name, pred in [("few distinct (pred_weak)", "pred_weak"), ("full precision (pred_full)", "pred_full")]:
    rows[name] = (best([f"{data}/{pred}.jsonl", "--bootstrap", "0"]), best([f"{data}/{pred}.jsonl", "--bootstrap", "1000"]))
print(f"== caqa meta end to end, best of {runs} ==")
print(f"{'scores':<28} {'no bootstrap':>13} {'1,000 resamples':>16} {'bootstrap only':>15}")
for name, (none, boot) in rows.items():
    print(f"{name:<28} {none*1e3:>10.0f} ms {boot*1e3:>13.0f} ms {(boot - none)*1e3:>12.0f} ms")
few, full = rows["few distinct (pred_weak)"], rows["full precision (pred_full)"]
print(f"full precision, 1,000 resamples: {full[1]:.2f} s (target < 5 s)")
print(f"cost full / few, 1,000 resamples: {full[1] / few[1]:.2f}x; bootstrap alone {(full[1] - full[0]) / (few[1] - few[0]):.2f}x (target <= 2x)")
PY
echo "== replicates only (build/bench/meta_bench) =="
build/bench/meta_bench "$n" 1000 "$runs"
