#!/usr/bin/env python3
"""A gradient-boosted probe on nine surface numbers of each sample, independent of caqa's
own audit (issue 33): if a tree model reads the label off lengths, counts and word
overlap, the benchmark leaks it, whatever `caqa audit`'s linear probes say.

  /usr/bin/python3 scripts/surface_probe.py BENCH [--margin 0.05] [--seed 13] [--json OUT]

BENCH is a `caqa build` output folder (train.jsonl, test.jsonl). The nine numbers: the
citation's characters, sentences, words and distinct words, the question's and the
answer's characters, and the shares of the question's words, the answer's words and the
answer's capitalised words (names) found in the citation. scikit-learn's
HistGradientBoostingClassifier is fit on train and scored on test (micro-F1 = accuracy);
the script prints it beside the majority class's and exits 1 when the probe beats the
majority by more than --margin. Needs Debian's python3-sklearn (run with /usr/bin/python3).
"""
import argparse
import collections
import json
import os
import re
import sys

try:
    import numpy as np
    from sklearn.ensemble import HistGradientBoostingClassifier
except ImportError:
    sys.exit("needs scikit-learn and NumPy: apt-get install python3-sklearn (run with /usr/bin/python3)")

WORD = re.compile(r"[A-Za-z0-9\u00C0-\u024F']+")
STOP = set("a an the of in on at to by for and or is was were are be has have had it its as with from that which who "
           "whose this these those what when where how".split())


def words(text):
    return [w.lower() for w in WORD.findall(text)]


def content(text):
    return [w for w in words(text) if w not in STOP]


def share_found(needles, haystack):
    needles = set(needles)
    return len(needles & haystack) / len(needles) if needles else -1.0


def numbers(sample):
    citation = sample["citation"]
    cited = set(words(citation))
    names = [w.lower() for w in WORD.findall(sample["answer"]) if w[:1].isupper()]
    cw = content(citation)
    return [
        len(citation),
        len(re.findall(r"[.!?](\s|$)", citation)),
        len(cw),
        len(set(cw)),
        len(sample["question"]),
        len(sample["answer"]),
        share_found(content(sample["question"]), cited),
        share_found(content(sample["answer"]), cited),
        share_found(names, cited),
    ]


def load(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("bench", help="a caqa build output folder")
    parser.add_argument("--margin", type=float, default=0.05)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--json", help="write the figures here as JSON")
    args = parser.parse_args()
    train = load(os.path.join(args.bench, "train.jsonl"))
    test = load(os.path.join(args.bench, "test.jsonl"))
    if not train or not test:
        sys.exit(f"{args.bench}: train.jsonl and test.jsonl must both hold samples")
    x_train = np.array([numbers(s) for s in train], dtype=float)
    x_test = np.array([numbers(s) for s in test], dtype=float)
    y_train = [s["label"] for s in train]
    y_test = [s["label"] for s in test]
    model = HistGradientBoostingClassifier(random_state=args.seed).fit(x_train, y_train)
    probe = float(np.mean(model.predict(x_test) == np.array(y_test)))
    majority_label = collections.Counter(y_train).most_common(1)[0][0]
    majority = sum(1 for y in y_test if y == majority_label) / len(y_test)
    gap = probe - majority
    verdict = "leak" if gap > args.margin else "ok"
    print(f"{args.bench}: gradient-boosted probe on nine surface numbers: micro-F1 {probe:.3f}, "
          f"majority ({majority_label}) {majority:.3f}, {gap:+.3f} ({verdict}; margin {args.margin}); "
          f"{len(train)} train, {len(test)} test samples")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"probe": probe, "majority": majority, "gap": gap, "margin": args.margin, "verdict": verdict,
                       "train": len(train), "test": len(test)}, f, indent=2)
    sys.exit(1 if verdict == "leak" else 0)


if __name__ == "__main__":
    main()
