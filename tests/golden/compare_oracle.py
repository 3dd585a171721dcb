#!/usr/bin/env python3
"""Checks `caqa score --json` against a report of ../shared/tools/oracle.py (scikit-learn/SciPy).

Every number must agree to 1e-9; bootstrap intervals (different random streams) to 1e-3
(plus one step of 1/n against the oracle's own 1000-replicate interval).
Exit 0 when equal, 1 on a difference, 77 (skipped) when an input file is absent.
"""
import argparse
import json
import math
import os
import sys

from golden_run import caqa_json, verdict

LABELS = ["supportive", "partially_supportive", "contradictory", "irrelevant"]
LEVELS = ["single", "union", "intersection", "concatenation"]


def close(a, b, tol):
    if a is None or b is None:
        return a is None and b is None
    return math.isclose(a, b, rel_tol=0, abs_tol=tol)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--caqa", required=True)
    ap.add_argument("--gold", required=True)
    ap.add_argument("--pred", required=True)
    ap.add_argument("--expected", required=True, help="oracle.py score output")
    ap.add_argument("--expected-bootstrap", help="oracle.py bootstrap output: also check the 95%% CI")
    ap.add_argument("args", nargs="*", help="extra caqa score arguments (after --)")
    a = ap.parse_args()
    for path in [a.gold, a.pred, a.expected] + ([a.expected_bootstrap] if a.expected_bootstrap else []):
        if not os.path.exists(path):
            print(f"skipped: {path} is absent")
            return 77

    resamples = "10000" if a.expected_bootstrap else "0"
    cmd = [a.caqa, "score", a.pred, "--gold", a.gold, "--json", "--bootstrap", resamples] + a.args
    got = caqa_json(cmd)
    if got is None:
        return 1
    want = json.load(open(a.expected))
    problems = []

    def check(name, g, w, tol=1e-9):
        if isinstance(w, (int, float)) and not isinstance(w, bool) or w is None:
            if not close(g, w, tol):
                problems.append(f"{name}: caqa {g!r}, oracle {w!r}")
        elif g != w:
            problems.append(f"{name}: caqa {g!r}, oracle {w!r}")

    gc, wc = got["counts"], want["counts"]
    for key in ["n_gold", "n_matched", "n_missing", "n_invalid_label", "n_extra_lines", "n_duplicate_lines",
                "n_valid_score"]:
        value = gc[key] + (gc["n_unparseable"] if key == "n_invalid_label" else 0)
        check(f"counts.{key}", value, wc[key])
    check("counts.n_pred_lines", gc["n_prediction_lines"], wc["n_pred_lines"])
    check("n_scored", got["n_scored"], want["n_scored"])
    for label in LABELS:
        for key in ["precision", "recall", "f1", "support"]:
            check(f"per_label.{label}.{key}", got["per_label"][label][key], want["per_label"][label][key])
    for key in ["micro_f1", "macro_f1", "weighted_f1", "accuracy", "labels_absent_from_gold"]:
        check(key, got[key], want[key])
    check("diagnostics.macro_f1_over_gold_present_labels",
          got["diagnostics"]["macro_f1_over_gold_present_labels"],
          want["diagnostics"]["macro_f1_over_gold_present_labels"])
    for key in ["precision", "recall", "f1"]:
        check(f"diagnostics.micro_prf.{key}", got["diagnostics"]["micro_prf_over_4_labels_sentinel_excluded"][key],
              want["diagnostics"]["micro_prf_over_4_labels_sentinel_excluded"][key])
    for level in LEVELS:
        w = want["per_complexity"][level]
        g = got["per_complexity"][level]
        check(f"per_complexity.{level}.micro_f1", g["micro_f1"], w["micro_f1"] if w else None)
        if w:
            check(f"per_complexity.{level}.n", g["n"], w["n"])
    rows = got["confusion_matrix"]["rows_gold_cols_pred"]
    check("confusion_matrix 4x4", [r[:4] for r in rows], want["confusion_matrix"]["rows_gold_cols_pred"])
    check("confusion_matrix sentinel", [r[4] + r[5] for r in rows], want["confusion_matrix"]["sentinel_by_gold"])
    for key in ["precision", "recall", "f1"]:
        check(f"binary.{key}", got["binary_supportive_vs_rest"][key], want["binary_supportive_vs_rest"][key])

    if a.expected_bootstrap:
        wb = json.load(open(a.expected_bootstrap))
        ci = got["micro_f1_ci"]
        check("micro_f1_ci.level", ci["level"], 0.95)
        for i, side in enumerate(["low", "high"]):
            check(f"micro_f1_ci.{side} vs binomial quantiles", ci[side], wb["check_binomial_quantiles"][i], 1e-3)
            # Below ~1000 samples the CI moves in steps of 1/n, and the oracle's 1000 numpy
            # replicates land on either side of a step; the exact binomial law decides there.
            # Above, the oracle's CI may still sit one step of 1/n off (0.611 against the
            # binomial 0.612 at n = 3000), so that step is allowed on top of 1e-3.
            if got["n_scored"] >= 1000:
                check(f"micro_f1_ci.{side} vs oracle percentile CI", ci[side], wb["ci95_percentile"][i],
                      1e-3 + 1 / got["n_scored"])

    return verdict(cmd, problems, f"{os.path.basename(a.pred)} {' '.join(a.args)} matches {os.path.basename(a.expected)}")


if __name__ == "__main__":
    sys.exit(main())
