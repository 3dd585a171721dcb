#!/usr/bin/env python3
"""Checks `caqa factscore --json` against oracle_factscore.py's expected file: every point
statistic to 1e-12, and each bootstrap interval's ends within 0.02 of the oracle's NumPy
bootstrap (other draws: they agree to sampling error). Exit 0 when they agree, 1 when not.

    check_factscore.py --caqa build/native/caqa --gold gold.jsonl --pred pred_bool.jsonl --expected expected_bool.json
"""
import argparse
import json
import math
import subprocess
import sys


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    for k in ("caqa", "gold", "pred", "expected"):
        ap.add_argument("--" + k, required=True)
    a = ap.parse_args()
    run = subprocess.run([a.caqa, "factscore", a.pred, "--gold", a.gold, "--json", "--bootstrap", "2000"],
                         capture_output=True, text=True)
    if run.returncode != 0:
        print(f"caqa factscore exited {run.returncode}: {run.stderr}")
        return 1
    got = {p["name"]: p for p in json.loads(run.stdout)["files"][0]["populations"]}
    want = json.load(open(a.expected))["populations"]
    problems = []
    for w in want:
        g = got.get(w["name"])
        if g is None:
            problems.append(f"{w['name']}: missing from caqa's report")
            continue
        if g["samples"] != w["samples"]:
            problems.append(f"{w['name']}.samples: caqa {g['samples']}, oracle {w['samples']}")
        for key in ("factscore", "gold_factscore", "gap", "mae", "pearson", "spearman", "subfact_accuracy",
                    "subfact_f1_true"):
            gv, wv = g[key], w[key]
            if (gv is None) != (wv is None) or (gv is not None and not math.isclose(gv, wv, rel_tol=0, abs_tol=1e-12)):
                problems.append(f"{w['name']}.{key}: caqa {gv!r}, oracle {wv!r}")
            gci, wci = g.get(key + "_ci"), w.get(key + "_ci")
            if wci is None or gci is None or gci["low"] is None:
                if (wci is None) != (gci is None or gci["low"] is None):
                    problems.append(f"{w['name']}.{key}_ci: caqa {gci!r}, oracle {wci!r}")
                continue
            if abs(gci["low"] - wci[0]) > 0.02 or abs(gci["high"] - wci[1]) > 0.02:
                problems.append(f"{w['name']}.{key}_ci: caqa [{gci['low']}, {gci['high']}], oracle {wci}")
    for p in problems:
        print(p)
    print(f"{a.pred}: {'differs' if problems else 'agrees'} ({len(want)} populations)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
