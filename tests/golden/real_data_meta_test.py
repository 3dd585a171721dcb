#!/usr/bin/env python3
"""caqa meta on real human judgments (FRANK, ../shared/data/frank; exit 77 = skipped when absent).

Pairs: one per summary; level = full when FRANK's human Factuality is 1, no when it is 0,
partial in between; score = the metric's output (BertScore P Art, then FactCC); group =
the article hash. caqa's numbers are checked against SciPy and scikit-learn computed here,
to 1e-9. Run with Debian's python3 (scipy, sklearn).
"""
import json
import math
import os
import subprocess
import sys
import tempfile

FRANK = os.path.join(os.path.dirname(__file__), "../../../shared/data/frank")


def main():
    caqa = sys.argv[1]
    human_path = os.path.join(FRANK, "human_annotations.json")
    if not os.path.exists(human_path):
        print(f"skipped: {FRANK} is absent")
        return 77
    import numpy as np
    from scipy import stats
    from sklearn.metrics import ndcg_score, roc_auc_score

    human = {(r["hash"], r["model_name"]): r["Factuality"] for r in json.load(open(human_path))}
    metrics = json.load(open(os.path.join(FRANK, "baseline_factuality_metrics_outputs.json")))
    failures = 0
    for metric in ["BertScore P Art", "FactCC"]:
        rows = []
        for r in metrics:
            f = human[(r["hash"], r["model_name"])]
            if r.get(metric) is None:
                continue
            level = 2 if f == 1 else 0 if f == 0 else 1
            rows.append((f"{r['hash']}-{r['model_name']}", level, float(r[metric]), r["hash"]))
        with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as tmp:
            for i, level, score, group in rows:
                tmp.write(json.dumps({"id": i, "level": ["no", "partial", "full"][level], "score": score, "group": group}) + "\n")
        run = subprocess.run([caqa, "meta", tmp.name, "--json", "--bootstrap", "0"], capture_output=True, text=True)
        os.unlink(tmp.name)
        if run.returncode != 0:
            print(f"FAIL {metric}: caqa meta exited {run.returncode}: {run.stderr}")
            failures += 1
            continue
        got = json.loads(run.stdout)
        levels = np.array([r[1] for r in rows], dtype=float)
        scores = np.array([r[2] for r in rows])
        want = {
            "pearson": stats.pearsonr(scores, levels)[0],
            "spearman": stats.spearmanr(scores, levels)[0],
            "kendall_tau_b": stats.kendalltau(scores, levels, variant="b")[0],
        }
        checks = [(f"correlation.{k}", got["correlation"][k], v) for k, v in want.items()]
        for name, pos, neg in [("FS_vs_NS", 2, 0), ("FS_vs_PS", 2, 1), ("PS_vs_NS", 1, 0)]:
            mask = (levels == pos) | (levels == neg)
            checks.append((f"auc.{name}", got["roc_auc_one_vs_one"][name]["auc"],
                           roc_auc_score(levels[mask] == pos, scores[mask])))
        groups = {}
        for _, level, score, group in rows:
            groups.setdefault(group, []).append((level, score))
        for k in [5, 10, 20]:
            values = [ndcg_score([[g[0] for g in items]], [[g[1] for g in items]], k=k)
                      for items in groups.values() if len(items) >= 2]
            checks.append((f"ndcg@{k}", got["ndcg"][f"ndcg@{k}"], float(np.mean(values))))
        bad = [(n, g, w) for n, g, w in checks if not math.isclose(g, w, rel_tol=0, abs_tol=1e-9)]
        for n, g, w in bad:
            print(f"FAIL {metric} {n}: caqa {g!r}, scipy/sklearn {w!r}")
        failures += bool(bad)
        print(f"{'ok  ' if not bad else 'FAIL'} FRANK {metric}: {len(rows)} pairs, {len(groups)} groups, "
              f"Pearson {got['correlation']['pearson']:.4f}, Kendall tau-b {got['correlation']['kendall_tau_b']:.4f}, "
              f"AUC mean {got['roc_auc_one_vs_one']['mean']:.4f}, NDCG@5 {got['ndcg']['ndcg@5']:.4f}")
    print(f"{2 - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
