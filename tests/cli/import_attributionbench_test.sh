#!/usr/bin/env bash
# AttributionBench's real test file (../shared/data/attributionbench) imported with
# `caqa import attributionbench` and scored with `caqa score --scheme binary`: micro-F1 and
# per-class F1 must equal scikit-learn's f1_score on the source file's own labels.
# The golden numbers are computed below, by /usr/bin/python3 + sklearn, from the source
# file and the prediction file, never from caqa's output.
# Usage: tests/cli/import_attributionbench_test.sh CAQA  (run from the repository root)
# Exit 77 (skipped) when the data or sklearn is absent, with the reason.
set -u
caqa=$1
data=../shared/data/attributionbench/test_all_subset_balanced_sampled500.jsonl
[ -f "$data" ] || { echo "SKIP: $data is absent (the team's shared data is not beside this checkout)"; exit 77; }
py=/usr/bin/python3
"$py" -c "import sklearn" 2>/dev/null || { echo "SKIP: $py has no scikit-learn for the golden numbers"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$caqa" import attributionbench "$data" -o "$tmp/gold.jsonl" || { echo "FAIL: import exited $?"; exit 1; }

# All three shipped files at once (dev, in-domain and out-of-domain test): every row imported,
# ids and src_dataset counts as in the sources.
all=(../shared/data/attributionbench/*.jsonl)
"$caqa" import attributionbench "${all[@]}" -o "$tmp/all.jsonl" || { echo "FAIL: importing ${all[*]} exited $?"; exit 1; }
"$py" - "$tmp/all.jsonl" "${all[@]}" <<'PY' || exit 1
import collections, json, sys
gold = [json.loads(l) for l in open(sys.argv[1], encoding="utf-8")]
source = [json.loads(l) for p in sys.argv[2:] for l in open(p, encoding="utf-8") if l.strip()]
assert [g["id"] for g in gold] == [s["id"] for s in source], "ids kept, in file order"
count = lambda rows: collections.Counter(r["src_dataset"] for r in rows)
assert count(gold) == count(source), (count(gold), count(source))
assert {g["scheme"] for g in gold} == {"binary"}
print(f"imported {len(gold)} rows of {len(sys.argv) - 2} files: {dict(count(gold))}")
PY

# A prediction file against the original ids, in AttributionBench's own spelling: a
# lexical-overlap judge (claim words found in the references), seeded flips for variety.
"$py" - "$data" "$tmp/pred.jsonl" <<'PY'
import json, random, re, sys
rng = random.Random(15)
with open(sys.argv[2], "w") as out:
    for line in open(sys.argv[1], encoding="utf-8"):
        d = json.loads(line)
        words = set(re.findall(r"[a-z0-9]+", d["claim"].lower()))
        refs = set(re.findall(r"[a-z0-9]+", " ".join(d["references"]).lower()))
        attributable = len(words & refs) >= 0.8 * max(1, len(words))
        if rng.random() < 0.1:
            attributable = not attributable
        out.write(json.dumps({"id": d["id"], "label": "attributable" if attributable else "not attributable"}) + "\n")
PY

# No --scheme: the imported gold names its scheme (binary) on every line.
"$caqa" score "$tmp/pred.jsonl" --gold "$tmp/gold.jsonl" --group-by src_dataset --json >"$tmp/report.json" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] || { echo "FAIL: score exited $rc"; head -5 "$tmp/err"; exit 1; }

"$py" - "$data" "$tmp/pred.jsonl" "$tmp/report.json" <<'PY'
import json, math, sys
from sklearn.metrics import f1_score
data, pred, report = sys.argv[1:]
truth = {}
for line in open(data, encoding="utf-8"):
    d = json.loads(line)
    truth[d["id"]] = d["attribution_label"]
predicted = {json.loads(l)["id"]: json.loads(l)["label"] for l in open(pred)}
ids = sorted(truth)
y_true = [truth[i] for i in ids]
y_pred = [predicted[i] for i in ids]
order = ["attributable", "not attributable"]  # the binary scheme's class order: positive first
per_class = f1_score(y_true, y_pred, labels=order, average=None)
micro = f1_score(y_true, y_pred, labels=order, average="micro")
r = json.load(open(report))
got = [v["f1"] for v in r["per_label"].values()]
problems = []
if len(got) != 2 or any(not math.isclose(a, b, abs_tol=1e-12) for a, b in zip(got, per_class)):
    problems.append(f"per-class F1 {got} != sklearn {list(per_class)}")
if not math.isclose(r["micro_f1"], micro, abs_tol=1e-12):
    problems.append(f"micro-F1 {r['micro_f1']} != sklearn {micro}")
if r["counts"]["n_gold"] != 500:
    problems.append(f"n_gold {r['counts']['n_gold']} != 500")
if r["per_complexity"] is not None:
    problems.append("per_complexity should be null: AttributionBench has no complexity")
print(f"micro-F1 {r['micro_f1']:.6f} (sklearn {micro:.6f}); per-class F1 {got} (sklearn {list(per_class)})")
# One row per src_dataset, each equal to sklearn on that source's rows alone.
source = {}
for line in open(data, encoding="utf-8"):
    d = json.loads(line)
    source[d["id"]] = d["src_dataset"]
groups = {g["name"]: g for g in r["per_group"]["groups"]}
if r["per_group"]["field"] != "src_dataset" or set(groups) != set(source.values()):
    problems.append(f"groups {sorted(groups)} != sources {sorted(set(source.values()))}")
for name in sorted(set(source.values())):
    members = [i for i in ids if source[i] == name]
    t = [truth[i] for i in members]
    p = [predicted[i] for i in members]
    want = f1_score(t, p, labels=order, average="micro")
    want_class = f1_score(t, p, labels=order, average=None, zero_division=0)
    g = groups.get(name, {})
    got_class = [v["f1"] for v in g.get("per_label", {}).values()]
    ok = g.get("n_scored") == len(members) and math.isclose(g.get("micro_f1", -1), want, abs_tol=1e-12) and \
        len(got_class) == 2 and all(math.isclose(a, b, abs_tol=1e-12) for a, b in zip(got_class, want_class))
    print(f"  {name:20s} n {len(members):4d}  micro-F1 {g.get('micro_f1', float('nan')):.6f} (sklearn {want:.6f})")
    if not ok:
        problems.append(f"group {name}: {g.get('micro_f1')} / {got_class} != sklearn {want} / {list(want_class)}")
for p in problems:
    print("FAIL:", p)
sys.exit(1 if problems else 0)
PY
