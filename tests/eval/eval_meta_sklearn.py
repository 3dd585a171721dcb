#!/usr/bin/python3
"""caqa eval's outputs scored by caqa score and caqa meta, checked against scikit-learn.

Runs the eval tests that leave their prediction files (a TEI pair-classifier run and a chat
judge run with --logprobs, both against fake servers) in a temporary folder, then checks:
caqa score's micro-F1, macro-F1 and per-label F1 against sklearn.metrics.f1_score on the
same labels, caqa score --binary --threshold T against labels made from the scores, and caqa meta's one-vs-one ROC-AUC (full/partial/no support levels from the
caqa4 gold) against sklearn.metrics.roc_auc_score on the same scores.

usage: eval_meta_sklearn.py CAQA_EVAL_TESTS CAQA BENCHMARK.jsonl
"""
import json
import os
import subprocess
import sys
import tempfile

import numpy as np
from sklearn.metrics import f1_score, roc_auc_score

LABELS = ["supportive", "partially_supportive", "contradictory", "irrelevant"]
LEVEL = {"supportive": 2, "partially_supportive": 1, "contradictory": 0, "irrelevant": 0}
PAIRS = (("FS_vs_NS", 2, 0), ("FS_vs_PS", 2, 1), ("PS_vs_NS", 1, 0))
failures = []


def close(what, ours, theirs):
    ok = abs(ours - theirs) <= 1e-9
    print(f"{'ok' if ok else 'FAIL'}: {what}: caqa {ours!r}, sklearn {theirs!r}")
    if not ok:
        failures.append(what)


def main():
    tests, caqa, bench = sys.argv[1:4]
    gold = {}
    for line in open(bench, encoding="utf-8"):
        d = json.loads(line)
        gold[d["id"]] = d["label"]
    with tempfile.TemporaryDirectory() as out:
        env = dict(os.environ, CAQA_EVAL_OUTPUTS=out)
        subprocess.run([tests, "--gtest_filter=EvalPairs.TeiPredict*:EvalLogprobs.ChatJudge*"], env=env, check=True,
                       stdout=subprocess.DEVNULL)
        for name in ("tei.jsonl", "chat_logprobs.jsonl"):
            path = os.path.join(out, name)
            preds = [json.loads(line) for line in open(path, encoding="utf-8")]
            y_true = [gold[p["id"]] for p in preds]
            y_pred = [p["label"] for p in preds]
            score = json.loads(subprocess.run([caqa, "score", path, "--gold", bench, "--json"], check=True,
                                              capture_output=True, text=True).stdout)
            close(f"{name} micro-F1", score["micro_f1"], f1_score(y_true, y_pred, labels=LABELS, average="micro"))
            close(f"{name} macro-F1", score["macro_f1"],
                  f1_score(y_true, y_pred, labels=LABELS, average="macro", zero_division=0))
            per_label = f1_score(y_true, y_pred, labels=LABELS, average=None, zero_division=0)
            for label, f1 in zip(LABELS, per_label):
                close(f"{name} F1 {label}", score["per_label"][label]["f1"], f1)
            for t in (0.1, 0.5):
                thresholded = json.loads(subprocess.run(
                    [caqa, "score", path, "--gold", bench, "--binary", "--threshold", str(t), "--json"], check=True,
                    capture_output=True, text=True).stdout)
                y_bin = [g == "supportive" for g in y_true]
                p_bin = [p["score"] >= t for p in preds]
                close(f"{name} --binary --threshold {t} micro-F1", thresholded["micro_f1"],
                      f1_score(y_bin, p_bin, labels=[True, False], average="micro"))
                close(f"{name} --threshold {t} F1 attributable", thresholded["per_label"]["attributable"]["f1"],
                      f1_score(y_bin, p_bin, pos_label=True, average="binary", zero_division=0))
            meta = json.loads(subprocess.run([caqa, "meta", path, "--gold", bench, "--json"], check=True,
                                             capture_output=True, text=True).stdout)
            level = np.array([LEVEL[g] for g in y_true])
            s = np.array([p["score"] for p in preds])
            for pair, pos, neg in PAIRS:
                m = (level == pos) | (level == neg)
                close(f"{name} ROC-AUC {pair}", meta["roc_auc_one_vs_one"][pair]["auc"],
                      roc_auc_score(level[m] == pos, s[m]))
    if failures:
        sys.exit(f"{len(failures)} figure(s) differ from scikit-learn")


if __name__ == "__main__":
    main()
