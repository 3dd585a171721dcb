#!/usr/bin/env bash
# caqa audit and caqa train on the MetaQA benchmark (skipped when ../shared/data/metaqa is
# absent), each timed on one thread and on the default (one per core), repeated:
#  - audit: --threads 1 against the default; target under 15 s with the default threads.
#  - train: pinned to one core (taskset -c 0) against the default.
# Min and median wall seconds over REPEATS runs (default 3) and the peak RSS, the ratios
# measured in this run, and whether every run wrote the same report / model bytes.
# CAQA_BASELINE_EXE=/path/to/an/older/caqa also times that binary's audit and train in the
# same run (before/after on one machine) and compares its outputs with this build's.
# The benchmark is built once into $CAQA_BENCH_DATA/audit/metaqa (default /tmp/caqa-bench).
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/metaqa_caqa.sh
caqa=build/native/caqa
repeats=${REPEATS:-3}
tmp=${CAQA_BENCH_DATA:-/tmp/caqa-bench}/audit
mkdir -p "$tmp"
bench=$tmp/metaqa
if [ ! -f "$bench/train.jsonl" ]; then
  echo "building the MetaQA benchmark into $bench (once)"
  $caqa build -q --metaqa "$data/metaqa" --no-audit -o "$bench"
fi
pin=()
if command -v taskset >/dev/null 2>&1; then pin=(taskset -c 0); fi

# timed NAME OUTPUT COMMAND...: REPEATS runs; prints min, median and peak RSS; every run's
# stdout must equal the first's (OUTPUT keeps it).
timed() {
  local name=$1 output=$2
  shift 2
  local times=() peak=0
  for ((i = 0; i < repeats; i++)); do
    /usr/bin/time -q -f "%e %M" -o "$tmp/time" "$@" >"$tmp/run.out" 2>"$tmp/run.err"
    read -r seconds kb <"$tmp/time"
    times+=("$seconds")
    ((kb > peak)) && peak=$kb
    if [ "$i" = 0 ]; then cp "$tmp/run.out" "$output"; elif ! cmp -s "$tmp/run.out" "$output"; then
      echo "  $name: run $((i + 1)) wrote other bytes than run 1"
      exit 1
    fi
  done
  read -r min median < <(printf '%s\n' "${times[@]}" | sort -g | awk '{a[NR]=$1} END {print a[1], (a[int((NR+1)/2)] + a[int(NR/2)+1]) / 2}')
  printf '  %-34s min %7.2f s  median %7.2f s  (%d runs)  peak RSS %5d MB\n' "$name" "$min" "$median" "$repeats" \
    $((peak / 1024))
  last_min=$min
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", a / b}'; }

lines() { wc -l <"$1" | tr -d ' '; }
echo "== caqa audit, MetaQA ($(lines "$bench/train.jsonl") train / $(lines "$bench/test.jsonl") test samples), $(nproc) cores =="
audit=(audit --train "$bench/train.jsonl" --test "$bench/test.jsonl" --format json)
timed "audit --threads 1" "$tmp/audit-1.json" $caqa "${audit[@]}" --threads 1
audit_one=$last_min
timed "audit (default threads)" "$tmp/audit-default.json" $caqa "${audit[@]}"
audit_default=$last_min
cmp -s "$tmp/audit-1.json" "$tmp/audit-default.json" && same=yes || same=NO
echo "  speedup over --threads 1: $(ratio "$audit_one" "$audit_default")x; target 15 s: ratio" \
  "$(ratio "$audit_default" 15) ($(awk -v t="$audit_default" 'BEGIN {print (t < 15 ? "met" : "not met")}'));" \
  "same report on 1 and default threads: $same"

echo "== caqa train, MetaQA (full view, 2^18 buckets, 6 epochs, CPU backend) =="
train=(train --train "$bench/train.jsonl" --backend cpu)
timed "train, one core (${pin[*]:-no taskset})" "$tmp/train-1.out" "${pin[@]}" $caqa "${train[@]}" -o "$tmp/model-1.bin"
train_one=$last_min
timed "train (default threads)" "$tmp/train-default.out" $caqa "${train[@]}" -o "$tmp/model-default.bin"
train_default=$last_min
grep -h "features" "$tmp/run.err" | sed 's/^/  last run: /'
cmp -s "$tmp/model-1.bin" "$tmp/model-default.bin" && same=yes || same=NO
echo "  speedup over one core: $(ratio "$train_one" "$train_default")x; same model bytes: $same"

if [ -n "${CAQA_BASELINE_EXE:-}" ]; then
  echo "== the same commands on $CAQA_BASELINE_EXE (its default threads) =="
  timed "audit, baseline build" "$tmp/audit-baseline.json" "$CAQA_BASELINE_EXE" "${audit[@]}"
  cmp -s "$tmp/audit-baseline.json" "$tmp/audit-default.json" && same=yes || same=NO
  echo "  baseline / this build: $(ratio "$last_min" "$audit_default")x; same report: $same"
  timed "train, baseline build" "$tmp/train-baseline.out" "$CAQA_BASELINE_EXE" "${train[@]}" -o "$tmp/model-baseline.bin"
  grep -h "features" "$tmp/run.err" | sed 's/^/  last run: /'
  cmp -s "$tmp/model-baseline.bin" "$tmp/model-default.bin" && same=yes || same=NO
  echo "  baseline / this build: $(ratio "$last_min" "$train_default")x; same model bytes: $same"
fi
