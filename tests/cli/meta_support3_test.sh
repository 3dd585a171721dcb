#!/bin/bash
# caqa meta with support3 gold (full / partial / no, as caqa import writes WiCE or the
# paper-004 levels; no complexity, no qid) and a score file: correlations and one-vs-one
# ROC-AUC equal SciPy's and scikit-learn's; gold of another scheme is refused.
# Usage: meta_support3_test.sh CAQA
set -u
caqa=$1
py=/usr/bin/python3
"$py" -c "import sklearn, scipy" 2>/dev/null || { echo "SKIP: $py has no scikit-learn/SciPy"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$py" - "$tmp" <<'PY'
import json, random, sys
rng = random.Random(3)
base = {"full": 0.8, "partial": 0.5, "no": 0.2}
with open(f"{sys.argv[1]}/gold.jsonl", "w") as g, open(f"{sys.argv[1]}/pred.jsonl", "w") as p:
    for i in range(90):
        level = ["full", "partial", "no"][i % 3]
        g.write(json.dumps({"id": f"s{i}", "answer": "a", "citation": "c", "label": level, "scheme": "support3"}) + "\n")
        p.write(json.dumps({"id": f"s{i}", "label": "full", "score": round(base[level] + rng.uniform(-0.4, 0.4), 3)}) + "\n")
PY
"$caqa" meta "$tmp/pred.jsonl" --gold "$tmp/gold.jsonl" --bootstrap 0 --json >"$tmp/meta.json" || { echo "FAIL: meta exited $?"; exit 1; }
"$py" - "$tmp" <<'PY' || exit 1
import json, math, sys
from scipy.stats import kendalltau, pearsonr, spearmanr
from sklearn.metrics import roc_auc_score
tmp = sys.argv[1]
value = {"full": 2, "partial": 1, "no": 0}
gold = {json.loads(l)["id"]: value[json.loads(l)["label"]] for l in open(f"{tmp}/gold.jsonl")}
score = {json.loads(l)["id"]: json.loads(l)["score"] for l in open(f"{tmp}/pred.jsonl")}
ids = sorted(gold)
y, s = [gold[i] for i in ids], [score[i] for i in ids]
r = json.load(open(f"{tmp}/meta.json"))
want = {"pearson": pearsonr(s, y)[0], "spearman": spearmanr(s, y)[0], "kendall_tau_b": kendalltau(s, y)[0]}
def auc(pos, neg):
    keep = [k for k in range(len(y)) if y[k] in (pos, neg)]
    return roc_auc_score([y[k] == pos for k in keep], [s[k] for k in keep])
want_auc = {"FS_vs_NS": auc(2, 0), "FS_vs_PS": auc(2, 1), "PS_vs_NS": auc(1, 0)}
bad = []
for k, v in want.items():
    print(f"{k}: caqa {r['correlation'][k]:.12f} scipy {v:.12f}")
    bad += [k] if not math.isclose(r["correlation"][k], v, abs_tol=1e-12) else []
for k, v in want_auc.items():
    print(f"{k}: caqa {r['roc_auc_one_vs_one'][k]['auc']:.12f} sklearn {v:.12f}")
    bad += [k] if not math.isclose(r["roc_auc_one_vs_one"][k]["auc"], v, abs_tol=1e-12) else []
if r["n_used"] != 90:
    bad.append("n_used")
for b in bad:
    print("FAIL:", b)
sys.exit(1 if bad else 0)
PY
sed 's/"support3"/"binary"/; s/"full"/"attributable"/; s/"partial"/"attributable"/; s/"no"/"not attributable"/' \
  "$tmp/gold.jsonl" >"$tmp/binary.jsonl"
if "$caqa" meta "$tmp/pred.jsonl" --gold "$tmp/binary.jsonl" 2>"$tmp/err"; then
  echo "FAIL: binary gold was accepted"; exit 1
fi
grep -q "meta needs support levels" "$tmp/err" || { echo "FAIL: no reason given"; cat "$tmp/err"; exit 1; }
echo "ok"
