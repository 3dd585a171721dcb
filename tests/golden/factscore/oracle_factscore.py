#!/usr/bin/env python3
"""The FActScore track computed independently of caqa, with NumPy and SciPy: per
population (all, partially_supportive, each level, each label) the evaluator's mean
FActScore, the gold mean, the gap, the MAE, Pearson and Spearman (scipy.stats), and the
sub-fact accuracy and F1 of True (scikit-learn); and a NumPy percentile bootstrap
(default_rng(seed), 2000 resamples of the samples) of each, for a loose check of caqa's
intervals (a different generator: they agree to sampling error only).

    python3 tests/golden/factscore/oracle_factscore.py GOLD PRED > EXPECTED.json
"""
import json
import math
import sys

import numpy as np
import scipy.stats
from sklearn.metrics import accuracy_score, f1_score

LABELS = ["supportive", "partially_supportive", "contradictory", "irrelevant"]
LEVELS = ["single", "concatenation", "intersection", "union"]
KEYS = ["factscore", "gold_factscore", "gap", "mae", "pearson", "spearman", "subfact_accuracy", "subfact_f1_true"]


def stats(rows):
    if not rows:
        return {k: None for k in KEYS}
    gold = np.array([r["gold"] for r in rows])
    pred = np.array([r["pred"] for r in rows])
    out = {"factscore": float(pred.mean()), "gold_factscore": float(gold.mean())}
    out["gap"] = abs(out["factscore"] - out["gold_factscore"])
    out["mae"] = float(np.abs(pred - gold).mean())
    constant = len(rows) < 2 or np.all(pred == pred[0]) or np.all(gold == gold[0])
    out["pearson"] = None if constant else float(scipy.stats.pearsonr(pred, gold)[0])
    out["spearman"] = None if constant else float(scipy.stats.spearmanr(pred, gold)[0])
    truth = [t for r in rows for t in r["truth"]]
    said = [s >= 0.5 for r in rows for s in r["judgments"]]
    out["subfact_accuracy"] = float(accuracy_score(truth, said)) if truth else None
    defined = truth and (any(truth) or any(said))
    out["subfact_f1_true"] = float(f1_score(truth, said, pos_label=True)) if defined else None
    return out


def main(gold_path, pred_path, n_boot=2000, seed=0):
    gold = [json.loads(l) for l in open(gold_path) if l.strip()]
    preds = {}
    for l in open(pred_path):
        if l.strip():
            p = json.loads(l)
            preds[p["id"]] = p
    rows = []
    for g in gold:
        truth = [s["verdict"] == "supported" for s in g["subfacts"]]
        p = preds[g["id"]]
        judgments = [float(x) for x in p.get("subfacts", [])]
        score = sum(judgments) / len(judgments) if judgments else p["factscore"]
        rows.append({"label": g["label"], "level": g["complexity"], "gold": sum(truth) / len(truth),
                     "pred": score, "truth": truth if judgments else [], "judgments": judgments})
    pops = [("all", rows), ("partially_supportive", [r for r in rows if r["label"] == "partially_supportive"])]
    pops += [(c, [r for r in rows if r["level"] == c]) for c in LEVELS]
    pops += [("label:" + l, [r for r in rows if r["label"] == l]) for l in LABELS]
    rng = np.random.default_rng(seed)
    out = {"populations": []}
    for name, members in pops:
        entry = {"name": name, "samples": len(members), **stats(members)}
        reps = {k: [] for k in KEYS}
        for _ in range(n_boot):
            draw = [members[i] for i in rng.integers(0, len(members), size=len(members))]
            for k, v in stats(draw).items():
                if v is not None and not math.isnan(v):
                    reps[k].append(v)
        for k in KEYS:
            entry[k + "_ci"] = [float(x) for x in np.percentile(reps[k], [2.5, 97.5])] if reps[k] and entry[k] is not None else None
        out["populations"].append(entry)
    json.dump(out, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
