#!/usr/bin/env bash
# caqa build over a SPARQL endpoint beside the same build in memory (issue 17): FB15k-237
# (../shared/data; skipped when absent) loaded into a throwaway Virtuoso
# (scripts/virtuoso_local.sh), the WebQSP test and GrailQA dev questions built
#  - in memory:  caqa build --fb15k DIR --webqsp ... --grailqa ... --no-audit
#  - cold cache: the same with --sparql URL --graph G and a new --sparql-cache each run
#  - warm cache: again over the cache the cold runs filled (nothing sent)
# RUNS runs each: wall time (min and median), samples/s; for SPARQL the rounds, queries,
# queries/s (sent ones over the time spent waiting for them), rows and cache hit rate.
# The outputs of every run are cmp'd against the in-memory build's.
#   bench/run_sparql_build_bench.sh [RUNS=3] [CONCURRENCY=4]
set -euo pipefail
cd "$(dirname "$0")/.."
data=../shared/data
for f in "$data/fb15k-237/FB15k-237.tar.gz" "$data/webqsp/WebQSP.test.jsonl" "$data/grailqa/grailqa.dev1000.jsonl"; do
  if [ ! -f "$f" ]; then echo "skipped: $f is absent"; exit 0; fi
done
command -v virtuoso-t >/dev/null || { echo "skipped: virtuoso-t is not installed (apt-get install virtuoso-opensource)"; exit 0; }
runs=${1:-3}
concurrency=${2:-4}
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build --target caqa caqa_fb15k_ntriples >/dev/null
caqa=build/native/caqa

. scripts/virtuoso_local.sh
tmp=$(mktemp -d)
trap 'virtuoso_local_stop; rm -rf "$tmp"' EXIT
fb15k_ntriples build/native/caqa_fb15k_ntriples "$tmp"
virtuoso_local_start "$tmp"
graph=http://caqa.test/fb15k-237
virtuoso_local_load "$tmp/load" fb15k-237.nt "$graph"
echo "Virtuoso $(virtuoso-t -? 2>&1 | grep -m1 -o 'Version [0-9.]*') on 127.0.0.1, FB15k-237 loaded ($(wc -l <"$tmp/load/fb15k-237.nt") N-Triples); $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"

python3 - "$caqa" "$tmp" "$VIRTUOSO_ENDPOINT" "$graph" "$runs" "$concurrency" "$data" <<'PY'
import filecmp, os, re, statistics, subprocess, sys, time
caqa, tmp, endpoint, graph, runs, concurrency, data = sys.argv[1:]
runs = int(runs)
questions = ["--webqsp", f"{data}/webqsp/WebQSP.test.jsonl", "--grailqa", f"{data}/grailqa/grailqa.dev1000.jsonl", "--no-audit"]
files = ["train.jsonl", "test.jsonl", "statistics.md"]

def build(out, extra):
    start = time.monotonic()
    r = subprocess.run([caqa, "build", *extra, *questions, "-o", out], capture_output=True, text=True)
    wall = time.monotonic() - start
    if r.returncode != 0:
        sys.exit(f"caqa build {' '.join(extra)} exited {r.returncode}: {r.stderr[-2000:]}")
    return wall, r.stderr

def samples(out):
    return sum(1 for f in ("train.jsonl", "test.jsonl") for _ in open(os.path.join(out, f)))

line = re.compile(r"sparql: (\d+) rounds, (\d+) queries \((\d+) from the cache, [\d.]+%; (\d+) sent, [\d.]+/s over ([\d.]+)s\), (\d+) rows")

def report(name, walls, n, stats=None):
    best, median = min(walls), statistics.median(walls)
    text = f"{name:<22} {best:7.2f} s min {median:7.2f} s median  {n / median:8.1f} samples/s"
    if stats:
        rounds, queries, hits, sent, seconds, rows = stats
        rate = sent / seconds if seconds > 0 and sent else 0.0
        text += f"  {rounds} rounds, {queries} queries ({sent} sent, {rate:.1f} queries/s), {rows} rows, cache hits {100.0 * hits / queries:.1f}%"
    print(text)

memory = os.path.join(tmp, "memory")
walls = []
for i in range(runs):
    wall, _ = build(memory, ["-q", "--fb15k", os.path.join(tmp, "fb15k")])
    walls.append(wall)
n = samples(memory)
print(f"{n} samples from the WebQSP test and GrailQA dev questions that ground in FB15k-237")
report("in memory (--fb15k)", walls, n)
memory_median = statistics.median(walls)

for phase in ("cold", "warm"):
    walls, stats = [], None
    for i in range(runs):
        cache = os.path.join(tmp, f"cache-{i}.jsonl")  # warm runs reuse the cold run's cache
        out = os.path.join(tmp, f"sparql-{phase}-{i}")
        wall, err = build(out, ["--sparql", endpoint, "--graph", graph, "--sparql-cache", cache,
                                "--sparql-concurrency", concurrency])
        walls.append(wall)
        m = line.search(err)
        stats = tuple(float(x) if "." in x else int(x) for x in m.groups())
        for f in files:
            if not filecmp.cmp(os.path.join(memory, f), os.path.join(out, f), shallow=False):
                sys.exit(f"FAIL: {f} of the {phase} SPARQL build differs from the in-memory one")
    report(f"SPARQL, {phase} cache", walls, n, stats)
    print(f"{'':<22} {statistics.median(walls) / memory_median:7.1f}x the in-memory wall time")
print("outputs byte-identical to the in-memory build in every run")
PY
