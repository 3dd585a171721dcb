#!/usr/bin/env python3
"""leaderboard.json as CSV, one row per verified entry in the board's order, with the
columns of Table 5 (labels and complexity levels as the board lists them).

  python3 scripts/board_csv.py leaderboard.json > leaderboard.csv
"""
import csv
import json
import sys


def number(x):
    return "" if x is None else repr(x)


def text(s):
    """Submitted text as data: a leading = + - @ would be a formula in a spreadsheet."""
    s = s or ""
    return "'" + s if s[:1] in ("=", "+", "-", "@", "\t", "\r") else s


def main():
    board = json.load(open(sys.argv[1], encoding="utf-8"))
    labels = [c["name"] for c in board["labels"]]
    levels = [c["name"] for c in board["complexity_columns"]]
    out = csv.writer(sys.stdout, lineterminator="\n")
    out.writerow(["rank", "slug", "badge", "evaluator", "setting", "model", "size", "organisation", "date", "n"]
                 + [f"f1_{l}" for l in labels] + ["micro_f1", "micro_f1_ci_low", "micro_f1_ci_high", "macro_f1"]
                 + [f"micro_f1_{l}" for l in levels] + ["benchmark_version"])
    for e in board["verified"]:
        ci = e["micro_f1_ci"] or {}
        out.writerow([e["rank"], e["slug"], e["badge"], text(e["evaluator"]), e["setting"], text(e["model"]),
                      text(e["size"]), text(e["organisation"]), e["date"] or "", e["n"]]
                     + [number(e["f1"][l]) for l in labels]
                     + [number(e["micro_f1"]), number(ci.get("low")), number(ci.get("high")), number(e["macro_f1"])]
                     + [number(e["complexity_micro_f1"][l]) for l in levels] + [board["benchmark"]["version"]])


if __name__ == "__main__":
    main()
