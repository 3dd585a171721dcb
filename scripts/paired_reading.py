#!/usr/bin/env python3
"""A paired reading of two builds (issue 40, "texts a person could have written"): readers see
the old and the new text of the same sample side by side, in random order, and say which
reads more like a person wrote it. The commands are reader_check.py's; this file can also be
run on its own with the same arguments.

  python3 scripts/reader_check.py pair OLD/test.jsonl NEW/test.jsonl --n 80 --seed 1 -o PAIR
      matches the test samples of the two builds by id (the same source question, extension
      and label give the same id in both), keeps those whose question, answer or citation
      differ, and draws n of them: n/4 per label, spread over complexity, one per source
      question where possible (its source_question, else the OLD build's question text).
      PAIR/items.jsonl       {"item", "A": {"question", "answer", "citation"}, "B": {...}}:
                             the new text on side A for half the items, at random; no id, no label
      PAIR/key.jsonl         {"item", "id", "label", "complexity", "new": "A" | "B"}: keep it from the readers
      PAIR/instructions.md   the task, with the naturalness rubric of reader_check.py for reference
  python3 scripts/reader_check.py pair-score PAIR/key.jsonl READER.jsonl [READER2.jsonl ...] [--json OUT]
      READER.jsonl: {"item", "prefer": "A" | "B", "why": "..." (optional)} per item; prints, per
      reader, how often the new text was preferred (count, n, percent, and a two-sided sign
      test against 50%), per label and per complexity, and agreement between readers (the
      share of items where both chose the same side, and Cohen's kappa).

Only the standard library is used.
"""
import argparse
import collections
import json
import math
import os
import random
import sys

sys.dont_write_bytecode = True  # no __pycache__ in scripts/
from reader_check import (CITATIONS, LABELS, PARTS, RUBRIC, fmt, level_order, pct, print_counts, read_jsonl,
                          stratified, write_jsonl)

INSTRUCTIONS = """# Which reads more like a person wrote it

Each item shows two versions, A and B, of the same question, answer statement and citation.
Two versions of a text generator wrote them for the same question and label; they may differ
in wording, in the order of the facts and in which background facts the citation carries.
""" + CITATIONS + """

Decide which version, taken as a whole (question, answer statement and citation together),
reads more like a person wrote it. Judge only the writing: not whether the citation supports
the answer, nor which is more accurate. The order of A and B is random.

For reference, the scale readers use to rate naturalness in the labelling round (you do not
give ratings here):

  """ + RUBRIC + """

When both read equally well or equally badly, choose the one you would rather keep; answer
every item. Return one JSON object per line, optionally with a few words on what decided it:
{"item": N, "prefer": "A"} or {"item": N, "prefer": "B", "why": "..."}
"""


def test_samples(path):
    return {s["id"]: s for s in read_jsonl(path) if s.get("split", "test") == "test"}


def texts(s):
    return {p: s[p] for p in PARTS}


def pair(args):
    old, new = test_samples(args.old), test_samples(args.new)
    both = [i for i in old if i in new]
    relabelled = [i for i in both if old[i]["label"] != new[i]["label"]]
    if relabelled:
        sys.exit(f"{len(relabelled)} ids carry different labels in the two builds (first {relabelled[0]}): "
                 "the builds do not share their ids")
    changed = [i for i in both if texts(old[i]) != texts(new[i])]
    per_part = {p: sum(1 for i in changed if old[i][p] != new[i][p]) for p in PARTS}
    print(f"{len(both)} test ids in both builds ({len(old) - len(both)} only in {args.old}, "
          f"{len(new) - len(both)} only in {args.new}); {len(changed)} with texts that differ (" +
          ", ".join(f"{p} {per_part[p]}" for p in PARTS) + ")")
    rng = random.Random(args.seed)
    chosen = stratified([old[i] for i in changed], args.n, rng, "pairs whose texts differ",
                        group=lambda s: s.get("source_question") or s["question"])
    sides = ["A"] * (len(chosen) // 2) + ["B"] * (len(chosen) - len(chosen) // 2)
    rng.shuffle(sides)
    items, key = [], []
    for number, (s, side) in enumerate(zip(chosen, sides), 1):
        o, n = texts(s), texts(new[s["id"]])
        items.append({"item": number, "A": n if side == "A" else o, "B": o if side == "A" else n})
        key.append({"item": number, "id": s["id"], "label": s["label"], "complexity": s.get("complexity"), "new": side})
    os.makedirs(args.out, exist_ok=True)
    write_jsonl(os.path.join(args.out, "items.jsonl"), items)
    write_jsonl(os.path.join(args.out, "key.jsonl"), key)
    with open(os.path.join(args.out, "instructions.md"), "w", encoding="utf-8") as f:
        f.write(INSTRUCTIONS)
    print(f"{len(chosen)} pairs in {args.out}/items.jsonl (key: {args.out}/key.jsonl), "
          f"the new text on side A in {sides.count('A')}")
    print_counts(chosen)


def sign_test(k, n):
    """Two-sided exact binomial p of k of n against one half."""
    if n == 0:
        return None
    tail = sum(math.comb(n, i) for i in range(min(k, n - k) + 1)) / 2 ** n
    return min(1.0, 2 * tail)


def share(k, n):
    return {"new": k, "n": n, "share": pct(k, n)}


def pair_score(args):
    key = {k["item"]: k for k in read_jsonl(args.key)}
    readers = []
    for path in args.readers:
        answers = {}
        for r in read_jsonl(path):
            if r.get("prefer") not in ("A", "B"):
                sys.exit(f"{path}: item {r.get('item')}: expected \"prefer\": \"A\" or \"B\", found {r.get('prefer')!r}")
            if r.get("item") not in key:
                sys.exit(f"{path}: item {r.get('item')} is not in the key")
            answers[r["item"]] = r["prefer"]
        missing = sorted(set(key) - set(answers))
        if missing:
            sys.exit(f"{path}: no choice for items {missing[:10]}{'...' if len(missing) > 10 else ''}")
        readers.append((path, answers))
    levels = level_order(k.get("complexity") or "-" for k in key.values())
    report = {"items": len(key), "readers": []}
    for path, answers in readers:
        won, total = collections.Counter(), collections.Counter()
        for item, k in key.items():
            for group in ("all", "label/" + k["label"], "complexity/" + (k.get("complexity") or "-")):
                total[group] += 1
                won[group] += answers[item] == k["new"]
        r = {"reader": path, **share(won["all"], total["all"]), "sign_test_p": sign_test(won["all"], total["all"]),
             "per_label": {l: share(won["label/" + l], total["label/" + l]) for l in LABELS},
             "per_complexity": {c: share(won["complexity/" + c], total["complexity/" + c]) for c in levels}}
        report["readers"].append(r)
        print(f"{path}: new text preferred in {won['all']}/{total['all']} ({fmt(r['share'])}; "
              f"sign test p {r['sign_test_p']:.3g})" if total["all"] else f"{path}: no items")
        for what, groups in (("label", LABELS), ("complexity", levels)):
            print(f"  per {what}: " + ", ".join(
                f"{g} {won[what + '/' + g]}/{total[what + '/' + g]} ({fmt(pct(won[what + '/' + g], total[what + '/' + g]))})"
                for g in groups))
    if len(readers) > 1:
        pairs = []
        for i in range(len(readers)):
            for j in range(i + 1, len(readers)):
                a, b = readers[i][1], readers[j][1]
                n = len(key)
                same = sum(1 for item in key if a[item] == b[item])
                # Cohen's kappa over the side chosen (A or B).
                pa, pb = pct(sum(v == "A" for v in a.values()), n), pct(sum(v == "A" for v in b.values()), n)
                expected = None if pa is None else pa * pb + (1 - pa) * (1 - pb)
                observed = pct(same, n)
                kappa = None if expected is None or expected == 1 else (observed - expected) / (1 - expected)
                pairs.append({"readers": [readers[i][0], readers[j][0]], "same": same, "n": n,
                              "agreement": observed, "kappa": kappa})
                print(f"readers {readers[i][0]} and {readers[j][0]}: same side on {same}/{n} ({fmt(observed)}); "
                      f"kappa {'-' if kappa is None else format(kappa, '.2f')}")
        report["between_readers"] = pairs
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(report, f, indent=2)


def add_commands(sub):
    p = sub.add_parser("pair", help="a blind paired draw of two builds' texts of the same samples")
    p.add_argument("old", help="the old build's test.jsonl")
    p.add_argument("new", help="the new build's test.jsonl")
    p.add_argument("--n", type=int, default=80, help="pairs, a multiple of 4 (default 80)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("-o", "--out", required=True, help="folder for items.jsonl, key.jsonl, instructions.md")
    p.set_defaults(func=pair)
    s = sub.add_parser("pair-score", help="how often readers preferred the new text")
    s.add_argument("key")
    s.add_argument("readers", nargs="+")
    s.add_argument("--json", help="also write the figures as JSON here")
    s.set_defaults(func=pair_score)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_commands(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args()
    args.func(args)


if __name__ == "__main__":
    main()
