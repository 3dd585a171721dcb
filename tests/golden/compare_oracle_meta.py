#!/usr/bin/env python3
"""Checks `caqa meta --json` against ../shared/tools/oracle.py meta (SciPy / scikit-learn).

Every number must agree to 1e-9. Exit 0 when equal, 1 on a difference, 77 (skipped)
when an input file is absent. The caqa input is either a pairs file or a prediction
file with --gold (pass caqa's arguments after --).
"""
import argparse
import json
import math
import os
import sys

from golden_run import caqa_json, verdict


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--caqa", required=True)
    ap.add_argument("--expected", required=True, help="oracle.py meta output")
    ap.add_argument("--skip", action="append", default=[], help="a top-level key not to compare")
    ap.add_argument("args", nargs="+", help="caqa meta arguments (after --)")
    a = ap.parse_args()
    for path in [a.expected] + [x for x in a.args if x.endswith((".jsonl", ".csv"))]:
        if not os.path.exists(path):
            print(f"skipped: {path} is absent")
            return 77
    cmd = [a.caqa, "meta", *a.args, "--json", "--bootstrap", "0"]
    got = caqa_json(cmd)
    if got is None:
        return 1
    want = json.load(open(a.expected))
    problems = []

    def check(name, g, w):
        if name in a.skip:
            return
        if isinstance(w, float) or isinstance(g, float):
            ok = (g is None and w is None) or (g is not None and w is not None and math.isclose(g, w, rel_tol=0, abs_tol=1e-9))
        else:
            ok = g == w
        if not ok:
            problems.append(f"{name}: caqa {g!r}, oracle {w!r}")

    check("n_used", got["n_used"], want["n_used"])
    check("n_without_valid_score", got["n_without_valid_score"], want["n_without_valid_score"])
    check("level_counts", got["level_counts"], want["level_counts"])
    for key in ["pearson", "spearman", "kendall_tau_b"]:
        check(f"correlation.{key}", got["correlation"][key], want["correlation"][key])
    for pair in ["FS_vs_NS", "FS_vs_PS", "PS_vs_NS"]:
        for key in ["auc", "n_pos", "n_neg"]:
            check(f"roc_auc.{pair}.{key}", got["roc_auc_one_vs_one"][pair][key], want["roc_auc_one_vs_one"][pair][key])
    check("roc_auc.mean", got["roc_auc_one_vs_one"]["mean"], want["roc_auc_one_vs_one"]["mean"])
    check("roc_auc.n_pairs_defined", got["roc_auc_one_vs_one"]["n_pairs_defined"], want["roc_auc_one_vs_one"]["n_pairs_defined"])
    gn, wn = got["ndcg"], want["ndcg"]
    for key in ["n_groups", "n_groups_used", "n_groups_skipped_lt2", "n_groups_all_irrelevant", "ndcg@5", "ndcg@10", "ndcg@20"]:
        check(f"ndcg.{key}", gn[key], wn[key])
    for group, values in wn.get("per_group", {}).items():
        for key, w in values.items():
            check(f"ndcg.per_group.{group}.{key}", gn.get("per_group", {}).get(group, {}).get(key), w)
    return verdict(cmd, problems, f"caqa meta {' '.join(a.args)} matches {os.path.basename(a.expected)}")


if __name__ == "__main__":
    sys.exit(main())
