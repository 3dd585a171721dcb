# Sourced by bench/run_*.sh with n set: $data holds the oracle's generated gold and
# predictions for n samples (../shared/tools/oracle.py gen --seed 1, never committed;
# CAQA_BENCH_DATA names another folder), made on first use. Sets oracle and py for
# the scripts that also time the oracle; skips the benchmark when the files are missing
# and the oracle to make them is absent.
oracle=../shared/tools/oracle.py
py=/usr/bin/python3
data=${CAQA_BENCH_DATA:-/tmp/caqa-bench/n$n}
if [ ! -f "$data/gold.jsonl" ]; then
  if [ ! -f "$oracle" ]; then echo "skipped: $oracle is absent"; exit 0; fi
  echo "generating $n samples with oracle.py gen into $data ..."
  $py "$oracle" gen --n "$n" --seed 1 --out "$data" >/dev/null
fi
