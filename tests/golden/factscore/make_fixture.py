#!/usr/bin/env python3
"""Writes the FActScore track's fixture: a gold file with sub-facts (verdicts consistent
with each label, as caqa build writes them) and three prediction files. Deterministic.

    python3 tests/golden/factscore/make_fixture.py tests/golden/factscore
"""
import json
import os
import random
import sys

LABELS = ["supportive", "partially_supportive", "contradictory", "irrelevant"]
LEVELS = ["single", "concatenation", "intersection", "union"]


def verdicts(label, n, rng):
    if label == "supportive":
        return ["supported"] * n
    if label == "irrelevant":
        return ["unsupported"] * n
    if label == "partially_supportive":
        k = rng.randint(1, n - 1)
        v = ["supported"] * k + ["unsupported"] * (n - k)
    else:
        k = rng.randint(0, n - 1)
        v = ["supported"] * k + ["contradicted"] + ["unsupported"] * (n - k - 1)
    rng.shuffle(v)
    return v


def main(out):
    rng = random.Random(41)
    gold = []
    for i in range(300):
        label = LABELS[i % 4]
        level = rng.choice(LEVELS)
        n = 1 if level == "single" and label in ("supportive", "irrelevant") else rng.randint(2, 5)
        gold.append({"id": f"fs{i:04d}", "question": "q", "answer": "a", "citation": "[1] c", "label": label,
                     "complexity": level, "split": "test",
                     "subfacts": [{"fact": f"Fact {j} of sample {i}.", "verdict": v}
                                  for j, v in enumerate(verdicts(label, n, rng))]})
    with open(os.path.join(out, "gold.jsonl"), "w") as f:
        for g in gold:
            f.write(json.dumps(g) + "\n")
    preds = {"bool": [], "prob": [], "mixed": []}
    for i, g in enumerate(gold):
        truth = [s["verdict"] == "supported" for s in g["subfacts"]]
        # A generous judge: right 80% of the time, and says True half the time it is wrong.
        said = [t if rng.random() < 0.8 else rng.random() < 0.5 for t in truth]
        preds["bool"].append({"id": g["id"], "subfacts": said})
        preds["prob"].append({"id": g["id"], "subfacts": [round(min(1, max(0, (0.7 if t else 0.3) + rng.gauss(0, 0.25))), 3)
                                                          for t in truth]})
        if i % 3 == 0:
            preds["mixed"].append({"id": g["id"], "factscore": round(rng.random(), 2)})
        else:
            preds["mixed"].append({"id": g["id"], "subfacts": said})
    # For the browser's parity test: a file with problems (a short judgment list, a value
    # out of range) and one without a third of the samples.
    bad = [dict(p) for p in preds["bool"]]
    bad[3] = dict(bad[3], subfacts=bad[3]["subfacts"][:-1])
    bad[7] = dict(bad[7], subfacts=[1.5] * len(bad[7]["subfacts"]))
    preds["malformed"] = bad
    preds["partial"] = [p for i, p in enumerate(preds["prob"]) if i % 3]
    for name, lines in preds.items():
        rng.shuffle(lines)  # file order is never the gold's
        with open(os.path.join(out, f"pred_{name}.jsonl"), "w") as f:
            for p in lines:
                f.write(json.dumps(p) + "\n")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))
