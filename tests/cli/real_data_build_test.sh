#!/usr/bin/env bash
# caqa build on real data (MetaQA in ../shared/data; exit 77 = skipped when absent):
# (unfiltered: the builder's own output) a few thousand samples, zero verification
# violations, every label present, and every
# complexity level that MetaQA can give (its entity names are unique, so no union).
# Usage: tests/cli/real_data_build_test.sh CAQA  (from the repository root)
set -u
caqa=$1
metaqa=../shared/data/metaqa
if [ ! -f "$metaqa/kg/train.txt" ]; then echo "skipped: $metaqa is absent"; exit 77; fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$caqa" build -q --no-harden --metaqa "$metaqa" --max-questions 4000 -o "$tmp/out" || { echo "FAIL: caqa build exited $?"; exit 1; }
python3 - "$tmp/out/manifest.json" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
c = m["counts"]
total = c["samples"]["train"] + c["samples"]["test"]
problems = []
if m["verification"]["violations"] != 0: problems.append(f"violations: {m['verification']}")
if total < 2000: problems.append(f"only {total} samples")
for label, v in c["labels"].items():
    if v["train"] + v["test"] == 0: problems.append(f"no {label} sample")
for level in ["single", "intersection", "concatenation", "comparison"]:
    v = c["complexities"][level]
    if v["train"] + v["test"] == 0: problems.append(f"no {level} sample")
if c["samples"]["test"] == 0 or c["samples"]["train"] == 0: problems.append("an empty split")
print(f"{total} samples from MetaQA, labels {c['labels']}, complexities {c['complexities']}")
if problems:
    print("FAIL: " + "; ".join(problems)); sys.exit(1)
print("1 passed, 0 failed")
PY
# Issue 42: the paper's four levels alone build what 1288bc1 built, byte for byte.
"$caqa" build -q --metaqa "$metaqa" --levels single,union,intersection,concatenation -o "$tmp/paper" ||
  { echo "FAIL: caqa build --levels exited $?"; exit 1; }
(cd "$tmp/paper" && sha256sum --check --quiet "$OLDPWD/tests/golden/benchmarks/paper_levels_metaqa.sha256") ||
  { echo "FAIL: the paper's four levels differ from 1288bc1's MetaQA build"; exit 1; }
echo "ok   the paper's four levels are byte-identical to 1288bc1's MetaQA build"
