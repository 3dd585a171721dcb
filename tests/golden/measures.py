#!/usr/bin/env python3
"""Independent goldens for label schemes and measures, with scikit-learn only.

  make:  measures.py make --classes a,b,c [--alias x=a,y=b] [--group-by FIELD] --gold G --pred P > expected.json
  check: measures.py check --caqa CAQA --gold G --pred P --expected E [-- extra caqa score args]

`make` reads gold (id, label, complexity) and predictions (id, label) itself: a label
that is not one of --classes, and a gold sample with no prediction, is a wrong answer
(the sentinel -1, never one of the classes); --alias names other spellings of a class
(AttrScore's scheme reads the CAQA labels supportive and irrelevant as attributable and
extrapolatory, as the CAQA authors' label map does). It writes per-class precision/recall/F1/
support, micro-F1 (= accuracy over every gold sample), macro-F1, weighted-F1 and
macro-recall (sklearn, labels = every class, zero_division=0), micro-F1 per complexity
level (null when no gold line has a complexity: "not in this benchmark") and the
confusion counts over the classes; with --group-by, the same measures for each value of
that gold field, in order of first appearance. `check` runs `caqa score --json
--bootstrap 0` and compares every number of the expected file to 1e-12.
Exit 0 equal, 1 different.
"""
import argparse
import json
import math
import sys

from golden_run import caqa_json, verdict


def read_jsonl(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def make(a):
    import numpy as np
    from sklearn.metrics import confusion_matrix, f1_score, precision_recall_fscore_support, recall_score
    classes = a.classes.split(",")
    code = {c: i for i, c in enumerate(classes)}
    for pair in filter(None, a.alias.split(",")):
        spelling, cls = pair.split("=")
        code[spelling] = code[cls]
    gold = read_jsonl(a.gold)
    pred = {str(p["id"]): p.get("label") for p in read_jsonl(a.pred)}
    yt = np.array([code[g["label"]] for g in gold])
    yp = np.array([code.get(pred.get(str(g["id"])), -1) for g in gold])
    labels = list(range(len(classes)))

    def measures(yt, yp):
        p, r, f, s = precision_recall_fscore_support(yt, yp, labels=labels, average=None, zero_division=0)
        return {
            "per_label": {c: {"precision": float(p[i]), "recall": float(r[i]), "f1": float(f[i]), "support": int(s[i])}
                          for i, c in enumerate(classes)},
            "micro_f1": float(np.mean(yt == yp)),
            "macro_f1": float(f1_score(yt, yp, labels=labels, average="macro", zero_division=0)),
            "weighted_f1": float(f1_score(yt, yp, labels=labels, average="weighted", zero_division=0)),
            "macro_recall": float(recall_score(yt, yp, labels=labels, average="macro", zero_division=0)),
        }

    out = measures(yt, yp)
    if any("complexity" in g for g in gold):
        out["per_complexity"] = {}
        for level in ["single", "concatenation", "intersection", "union"]:
            mask = np.array([g["complexity"] == level for g in gold])
            out["per_complexity"][level] = {"n": int(mask.sum()),
                                            "micro_f1": float(np.mean(yt[mask] == yp[mask])) if mask.any() else None}
    else:
        out["per_complexity"] = None
    if a.group_by:
        names = list(dict.fromkeys(str(g[a.group_by]) for g in gold))
        groups = []
        for name in names:
            mask = np.array([str(g[a.group_by]) == name for g in gold])
            groups.append({"name": name, "n_gold": int(mask.sum()), **measures(yt[mask], yp[mask])})
        out["per_group"] = {"field": a.group_by, "groups": groups}
    out["confusion_matrix"] = {"labels": classes,
                               "classes_by_classes": confusion_matrix(yt, yp, labels=labels).tolist()}
    json.dump(out, sys.stdout, indent=2)
    print()
    return 0


def compare(name, got, want, problems):
    if isinstance(want, dict):
        for k, v in want.items():
            compare(f"{name}.{k}", got.get(k) if isinstance(got, dict) else None, v, problems)
    elif isinstance(want, list):
        if not isinstance(got, list) or len(got) < len(want):
            problems.append(f"{name}: caqa {got!r}, expected {want!r}")
        else:
            for i, v in enumerate(want):
                compare(f"{name}[{i}]", got[i], v, problems)
    elif isinstance(want, (int, float)) and not isinstance(want, bool):
        if not isinstance(got, (int, float)) or not math.isclose(got, want, rel_tol=0, abs_tol=1e-12):
            problems.append(f"{name}: caqa {got!r}, expected {want!r}")
    elif got != want:
        problems.append(f"{name}: caqa {got!r}, expected {want!r}")


def check(a):
    cmd = [a.caqa, "score", a.pred, "--gold", a.gold, "--json", "--bootstrap", "0"] + a.args
    got = caqa_json(cmd)
    if got is None:
        return 1
    want = json.load(open(a.expected, encoding="utf-8"))
    cm = want.pop("confusion_matrix")
    rows = got["confusion_matrix"]["rows_gold_cols_pred"]
    got["confusion_matrix"] = {"labels": got["confusion_matrix"]["labels"],
                               "classes_by_classes": [r[:len(cm["labels"])] for r in rows]}
    want["confusion_matrix"] = cm
    problems = []
    compare("report", got, want, problems)
    return verdict(cmd, problems, f"{a.pred} {' '.join(a.args)} matches {a.expected}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="command", required=True)
    m = sub.add_parser("make")
    m.add_argument("--classes", required=True)
    m.add_argument("--alias", default="")
    m.add_argument("--group-by", default="")
    c = sub.add_parser("check")
    c.add_argument("--caqa", required=True)
    c.add_argument("--expected", required=True)
    c.add_argument("args", nargs="*")
    for p in (m, c):
        p.add_argument("--gold", required=True)
        p.add_argument("--pred", required=True)
    a = ap.parse_args()
    return make(a) if a.command == "make" else check(a)


if __name__ == "__main__":
    sys.exit(main())
