#!/bin/bash
# caqa score --csv (one row per file, full precision) and the JSON report's "evaluator"
# block from caqa eval's OUT.meta.json. The CSV's numbers equal scikit-learn's and the JSON
# report's. Usage: score_outputs_test.sh CAQA
set -u
caqa=$1
py=/usr/bin/python3
"$py" -c "import sklearn" 2>/dev/null || { echo "SKIP: $py has no scikit-learn"; exit 77; }
dir=tests/golden/oracle/n3000
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$dir/pred_weak.jsonl" "$tmp/weak.jsonl"
cp "$dir/pred_mid.jsonl" "$tmp/mid.jsonl"
printf '{"evaluator": "llm-judge/fake", "model": "fake-judge", "prompt_set": {"name": "gpt_zero_shot", "version": "1", "sha256": "ab12"}}\n' \
  >"$tmp/weak.jsonl.meta.json"
"$caqa" score "$tmp/weak.jsonl" "$tmp/mid.jsonl" --gold "$dir/gold.jsonl" --csv >"$tmp/out.csv" || { echo "FAIL: --csv"; exit 1; }
"$caqa" score "$tmp/weak.jsonl" "$tmp/mid.jsonl" --gold "$dir/gold.jsonl" --json >"$tmp/out.json" || { echo "FAIL: --json"; exit 1; }
"$caqa" score "$tmp/weak.jsonl" --gold "$dir/gold.jsonl" --lm-eval >"$tmp/lm_eval.json" || { echo "FAIL: --lm-eval"; exit 1; }
if "$caqa" score "$tmp/weak.jsonl" "$tmp/mid.jsonl" --gold "$dir/gold.jsonl" --lm-eval >/dev/null 2>&1; then
  echo "FAIL: --lm-eval accepted two files"; exit 1
fi
"$py" - "$dir/gold.jsonl" "$tmp" <<'PY'
import csv, json, math, sys
from sklearn.metrics import accuracy_score, f1_score
gold_path, tmp = sys.argv[1:]
gold = {}
for line in open(gold_path):
    d = json.loads(line)
    gold[d["id"]] = d["label"]
labels = ["supportive", "partially_supportive", "contradictory", "irrelevant"]
rows = list(csv.DictReader(open(f"{tmp}/out.csv")))
reports = json.load(open(f"{tmp}/out.json"))
problems = []
if len(rows) != 2:
    problems.append(f"{len(rows)} CSV rows, expected 2")
for row, report, name in zip(rows, reports, ["weak", "mid"]):
    pred = {}
    for line in open(f"{tmp}/{name}.jsonl"):
        d = json.loads(line)
        pred[d["id"]] = d.get("label", "unparseable")
    y_true = [gold[i] for i in gold]
    y_pred = [pred.get(i, "missing") for i in gold]
    # caqa's micro-F1 counts a missing or unparseable prediction as wrong: accuracy over the gold.
    micro = accuracy_score(y_true, y_pred)
    macro = f1_score(y_true, y_pred, labels=labels, average="macro", zero_division=0)
    per = f1_score(y_true, y_pred, labels=labels, average=None, zero_division=0)
    got = [float(row["micro_f1"]), float(row["macro_f1"])] + [float(row[f"f1_{l}"]) for l in labels]
    want = [micro, macro] + list(per)
    if any(not math.isclose(a, b, abs_tol=1e-12) for a, b in zip(got, want)):
        problems.append(f"{name}: CSV {got} != sklearn {want}")
    if float(row["micro_f1_ci_low"]) != report["micro_f1_ci"]["low"] or row["signature"] != report["signature"]:
        problems.append(f"{name}: CSV CI/signature differ from the JSON report")
    print(f"{name}: micro-F1 {got[0]:.6f} (sklearn {micro:.6f}), macro-F1 {got[1]:.6f} (sklearn {macro:.6f})")
lm = json.load(open(f"{tmp}/lm_eval.json"))
if not math.isclose(lm["results"]["caqa"]["micro_f1,none"], reports[0]["micro_f1"], abs_tol=0) \
        or lm["versions"]["caqa"] != 1 or lm["n-samples"]["caqa"]["original"] != len(gold) \
        or sorted(k for k in lm["results"] if k.startswith("caqa_")) != \
        ["caqa_concatenation", "caqa_intersection", "caqa_single", "caqa_union"] \
        or lm["config"]["model_args"]["model"] != "fake-judge" \
        or lm["results"]["caqa"]["micro_f1_stderr,none"] != "N/A":
    problems.append("the lm-eval results JSON differs from the JSON report")
if reports[0].get("evaluator", {}).get("model") != "fake-judge":
    problems.append("the weak file's report has no evaluator block from weak.jsonl.meta.json")
if "evaluator" in reports[1]:
    problems.append("the mid file has no meta.json, yet its report names an evaluator")
for p in problems:
    print("FAIL:", p)
sys.exit(1 if problems else 0)
PY
