#!/bin/bash
# The text report's "macro avg" and "weighted avg" rows equal scikit-learn's
# classification_report (precision_recall_fscore_support, zero_division=0, over every
# class of the scheme; a missing or unparseable prediction is wrong) on an oracle fixture
# with unequal supports. Usage: report_averages_test.sh CAQA
set -u
caqa=$1
py=/usr/bin/python3
"$py" -c "import sklearn" 2>/dev/null || { echo "SKIP: $py has no scikit-learn"; exit 77; }
dir=tests/golden/oracle/n3000
status=0
for p in pred_weak pred_mid; do
  "$caqa" score "$dir/$p.jsonl" --gold "$dir/gold.jsonl" --bootstrap 0 >/tmp/caqa_avg_$$ 2>/dev/null || { echo "FAIL: score $p"; exit 1; }
  "$py" - "$dir/gold.jsonl" "$dir/$p.jsonl" /tmp/caqa_avg_$$ <<'PY' || status=1
import json, sys
from sklearn.metrics import precision_recall_fscore_support as prf
gold = {}
for line in open(sys.argv[1]):
    d = json.loads(line)
    gold[d["id"]] = d["label"]
pred = {}
for line in open(sys.argv[2]):
    d = json.loads(line)
    pred[d["id"]] = d.get("label", "unparseable")
labels = ["supportive", "partially_supportive", "contradictory", "irrelevant"]
y_true = [gold[i] for i in gold]
y_pred = [pred.get(i, "missing") for i in gold]
rows = {l.split("  ")[0].strip(): l for l in open(sys.argv[3]) if l.startswith(("macro avg", "weighted avg"))}
bad = 0
for avg in ("macro", "weighted"):
    want = ["%.3f" % x for x in prf(y_true, y_pred, labels=labels, average=avg, zero_division=0)[:3]]
    got = rows[avg + " avg"].split()[2:5]
    print(f"{sys.argv[2]}: {avg} avg caqa {got} sklearn {want}")
    bad += got != want
sys.exit(1 if bad else 0)
PY
done
rm -f /tmp/caqa_avg_$$
exit $status
