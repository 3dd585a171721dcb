#!/usr/bin/env bash
# Scoring throughput against its floor and the oracle, measured in the same run on the same files.
#   bench/run_score_bench.sh [N=1000000] [RUNS=5]
# Generates gold + predictions with ../shared/tools/oracle.py gen (never committed),
# then prints caqa's phases (bench/score_bench.cpp); the floor (bench/parse_floor.cpp: both
# files parsed on two threads, nothing else), `caqa score --bootstrap 0 --json` and
# `caqa validate --json`, run in turns so that they share the machine's load, with the
# ratios score / floor (target <= 1.25x) and validate / score (target <= 1.1x); the
# oracle's end-to-end CLI time and its ratio to caqa. Targets: >= 30x end to end, >= 300 MB/s
# prediction parsing on one thread, 10,000 bootstrap resamples < 50 ms; and the meta track
# (correlations, ROC-AUC, NDCG) on the same files, against oracle.py meta.
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-1000000}
runs=${2:-5}
source bench/oracle_data.sh
if [ ! -f "$oracle" ]; then echo "skipped: $oracle is absent (the reference)"; exit 0; fi
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build --target caqa score_bench parse_floor >/dev/null

echo "== caqa phases (single thread each), best of $runs =="
build/bench/score_bench "$data/gold.jsonl" "$data/pred_weak.jsonl" "$runs"

echo "== end to end (process start to exit, files in page cache) =="
python3 - "$runs" "$n" "$data" "$oracle" "$py" <<'PY'
import os, subprocess, sys, time
runs, n, data, oracle, py = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5]
gold, pred = f"{data}/gold.jsonl", f"{data}/pred_weak.jsonl"

def run(cmd):
    t0 = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - t0

def best(cmd, k):
    return min(run(cmd) for _ in range(k))

# The floor, score and validate in turns, each run once unmeasured first.
turns = {
    "floor": ["build/bench/parse_floor", gold, pred],
    "score": ["build/native/caqa", "score", pred, "--gold", gold, "--bootstrap", "0", "--json"],
    "validate": ["build/native/caqa", "validate", pred, "--gold", gold, "--json"],
}
times = {name: [] for name in turns}
for i in range(runs + 1):
    for name, cmd in turns.items():
        t = run(cmd)
        if i > 0:
            times[name].append(t)
med = {name: sorted(t)[len(t) // 2] for name, t in times.items()}
low = {name: min(t) for name, t in times.items()}
label = {"floor": "parse floor (bench/parse_floor, 2 threads)", "score": "caqa score --bootstrap 0 --json",
         "validate": "caqa validate --json"}
for name in turns:
    print(f"{label[name]:<44} min {low[name]*1e3:6.0f} ms  median {med[name]*1e3:6.0f} ms")
print(f"ratio score / floor       {med['score']/med['floor']:5.2f}x median, {low['score']/low['floor']:5.2f}x min   (target <= 1.25x)")
print(f"ratio validate / score    {med['validate']/med['score']:5.2f}x median, {low['validate']/low['score']:5.2f}x min   (target <= 1.1x)")

caqa = low["score"]
boot = best(["build/native/caqa", "score", pred, "--gold", gold, "--json"], runs)
orac = best([py, oracle, "score", "--gold", gold, "--pred", pred], min(runs, 3))
mb = (os.path.getsize(gold) + os.path.getsize(pred)) / 1e6
print(f"caqa score --bootstrap 0 --json     {caqa*1e3:8.0f} ms  {mb/caqa:6.0f} MB/s  {n/caqa/1e6:5.2f} M lines/s")
print(f"caqa score --json (1,000 resamples) {boot*1e3:8.0f} ms")
print(f"oracle.py score                     {orac*1e3:8.0f} ms")
print(f"ratio oracle / caqa                 {orac/caqa:8.1f}x   (target >= 30x)")
strong = f"{data}/pred_strong.jsonl"  # 4-decimal scores: many distinct values, the harder case
meta = best(["build/native/caqa", "meta", strong, "--gold", gold, "--bootstrap", "0", "--json"], runs)
meta_boot = best(["build/native/caqa", "meta", strong, "--gold", gold, "--json"], min(runs, 3))
orac_meta = best([py, oracle, "meta", "--gold", gold, "--pred", strong], min(runs, 3))
print(f"caqa meta --bootstrap 0 --json      {meta*1e3:8.0f} ms   (target < 1 s for all metrics on 1M pairs)")
print(f"caqa meta --json (1,000 resamples)  {meta_boot*1e3:8.0f} ms")
print(f"oracle.py meta                      {orac_meta*1e3:8.0f} ms")
print(f"ratio oracle / caqa meta            {orac_meta/meta:8.1f}x")
PY
