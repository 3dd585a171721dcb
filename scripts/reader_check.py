#!/usr/bin/env python3
"""The human check of a built benchmark's labels (issue 33), independent of caqa: draw a
stratified sample of test items for blind labelling, then score the labels readers return.

  python3 scripts/reader_check.py draw BENCH/test.jsonl --n 80 --seed 1 -o DRAW
      DRAW/items.jsonl       what a reader sees: {"item", "question", "answer", "citation"}
                             (no id, no label, no complexity, shuffled)
      DRAW/key.jsonl         {"item", "id", "label", "complexity"}: keep it from the readers
      DRAW/instructions.md   the task and the paper's definitions (CAQA, section 3 and Table 2)
  python3 scripts/reader_check.py score DRAW/key.jsonl READER.jsonl [READER2.jsonl ...] [--json OUT]
      READER.jsonl: {"item", "label", "unanswerable": bool, "naturalness": 1-5} per item
      (label: supportive, partially_supportive, contradictory or irrelevant); prints agreement
      with the key overall, per label and per label x complexity, the confusion matrix, the
      share of questions flagged unanswerable, mean naturalness, and agreement between readers.

The draw takes n/4 items of each label (every label of the test split must have that many),
spread over complexity levels as evenly as the split allows, one item per source question
where possible so that no question is read twice. Only the standard library is used.
"""
import argparse
import collections
import json
import os
import random
import sys

LABELS = ["supportive", "partially_supportive", "contradictory", "irrelevant"]
LEVELS = ["single", "concatenation", "intersection", "union"]  # the paper's Table 5 order

INSTRUCTIONS = """# Labelling attributions

Each item is a question, an answer statement that cites evidence [1], and the citation [1].
Decide, from the text alone, how the citation relates to the answer statement. Use these
definitions (Hu et al., "Can LLMs Evaluate Complex Attribution in QA?", section 3.2):

- **supportive**: the citation includes facts that fully support the answer statement.
- **partially_supportive**: the citation lacks a part of the facts that are required to infer
  the answer statement (some of what the answer says is supported, some is not mentioned).
- **contradictory**: the citation includes facts that infer a different answer statement
  (it states something incompatible with what the answer says).
- **irrelevant**: the citation has no facts that can be used to infer the answer statement.

Read only the text: do not use what you know about the world to fill gaps or to overrule
the citation. A fact the citation does not state is not supported. Names written with a
qualifier in parentheses ("A Star Is Born (1937)") are distinct entities.

For each item also give:
- **unanswerable**: true if the question cannot be answered as written (it is ambiguous,
  ungrammatical beyond repair, points at one of many things, or has far more true answers
  than any answer could list); otherwise false.
- **naturalness**: 1-5, how natural the question and answer read as English a person would write.

Return one JSON object per line: {"item": N, "label": "...", "unanswerable": false, "naturalness": 4}
"""


def read_jsonl(path):
    with open(path, encoding="utf-8-sig") as f:
        for number, line in enumerate(f, 1):
            if line.strip():
                try:
                    yield json.loads(line)
                except json.JSONDecodeError as e:
                    sys.exit(f"{path}:{number}:{e.colno}: not a JSON object: {e.msg}")


def write_jsonl(path, rows):
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        for row in rows:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
    os.replace(tmp, path)


def draw(args):
    samples = [s for s in read_jsonl(args.test) if s.get("split", "test") == "test"]
    if args.n % 4:
        sys.exit(f"--n must be a multiple of 4 (one quarter per label), found {args.n}")
    rng = random.Random(args.seed)
    per_label = args.n // 4
    chosen, used_questions = [], set()
    for label in LABELS:
        pool = [s for s in samples if s["label"] == label]
        if len(pool) < per_label:
            sys.exit(f"{args.test}: {len(pool)} test samples labelled {label}, fewer than the {per_label} asked")
        by_level = collections.defaultdict(list)
        for s in pool:
            by_level[s.get("complexity", "")].append(s)
        for items in by_level.values():
            rng.shuffle(items)
        # Round robin over the levels: as even a spread as the split allows.
        levels = [l for l in LEVELS if by_level.get(l)] + sorted(l for l in by_level if l not in LEVELS)
        taken = []
        while len(taken) < per_label:
            progressed = False
            for level in levels:
                items = by_level[level]
                while items and len(taken) < per_label:
                    s = items.pop()
                    question = s.get("source_question", s["id"])
                    if question in used_questions and any(by_level[l] for l in levels):
                        continue
                    used_questions.add(question)
                    taken.append(s)
                    progressed = True
                    break
            if not progressed:
                rest = [s for s in pool if s not in taken]
                taken.extend(rest[: per_label - len(taken)])
        chosen.extend(taken)
    rng.shuffle(chosen)
    os.makedirs(args.out, exist_ok=True)
    write_jsonl(os.path.join(args.out, "items.jsonl"),
                [{"item": i + 1, "question": s["question"], "answer": s["answer"], "citation": s["citation"]}
                 for i, s in enumerate(chosen)])
    write_jsonl(os.path.join(args.out, "key.jsonl"),
                [{"item": i + 1, "id": s["id"], "label": s["label"], "complexity": s.get("complexity")}
                 for i, s in enumerate(chosen)])
    with open(os.path.join(args.out, "instructions.md"), "w", encoding="utf-8") as f:
        f.write(INSTRUCTIONS)
    counts = collections.Counter((s["label"], s.get("complexity")) for s in chosen)
    print(f"{len(chosen)} items in {args.out}/items.jsonl (key: {args.out}/key.jsonl)")
    for label in LABELS:
        print(f"  {label:22s} " + ", ".join(f"{l} {counts[(label, l)]}" for l in LEVELS if counts[(label, l)]))


def pct(a, b):
    return None if b == 0 else a / b


def fmt(x):
    return "-" if x is None else f"{100 * x:.1f}%"


def score(args):
    key = {k["item"]: k for k in read_jsonl(args.key)}
    readers = []
    for path in args.readers:
        answers = {}
        for r in read_jsonl(path):
            if r.get("label") not in LABELS:
                sys.exit(f"{path}: item {r.get('item')}: expected a label of {LABELS}, found {r.get('label')!r}")
            if r["item"] not in key:
                sys.exit(f"{path}: item {r['item']} is not in the key")
            answers[r["item"]] = r
        missing = sorted(set(key) - set(answers))
        if missing:
            sys.exit(f"{path}: no label for items {missing[:10]}{'...' if len(missing) > 10 else ''}")
        readers.append((path, answers))
    report = {"items": len(key), "readers": []}
    for path, answers in readers:
        agree = collections.Counter()
        total = collections.Counter()
        cell_agree, cell_total = collections.Counter(), collections.Counter()
        confusion = collections.Counter()
        for item, k in key.items():
            said = answers[item]["label"]
            total[k["label"]] += 1
            cell_total[(k["label"], k["complexity"])] += 1
            confusion[(k["label"], said)] += 1
            if said == k["label"]:
                agree[k["label"]] += 1
                cell_agree[(k["label"], k["complexity"])] += 1
        flagged = sum(1 for a in answers.values() if a.get("unanswerable") is True)
        natural = [a["naturalness"] for a in answers.values() if isinstance(a.get("naturalness"), (int, float))]
        r = {
            "reader": path,
            "agreement": pct(sum(agree.values()), len(key)),
            "per_label": {l: pct(agree[l], total[l]) for l in LABELS},
            "per_cell": {f"{l}/{c}": {"agree": cell_agree[(l, c)], "n": n} for (l, c), n in sorted(cell_total.items())},
            "confusion": {l: {m: confusion[(l, m)] for m in LABELS} for l in LABELS},
            "unanswerable": pct(flagged, len(key)),
            "naturalness": None if not natural else sum(natural) / len(natural),
        }
        report["readers"].append(r)
        print(f"{path}: agreement {fmt(r['agreement'])} ({sum(agree.values())}/{len(key)}); "
              f"unanswerable {fmt(r['unanswerable'])}; naturalness "
              f"{'-' if r['naturalness'] is None else format(r['naturalness'], '.2f')}")
        print("  per label: " + ", ".join(f"{l} {fmt(r['per_label'][l])} ({agree[l]}/{total[l]})" for l in LABELS))
        print("  label x complexity (agree/n): " +
              "; ".join(f"{l} {c} {cell_agree[(l, c)]}/{n}" for (l, c), n in sorted(cell_total.items())))
        print("  confusion (rows: key, columns: reader " + " ".join(x[:4] for x in LABELS) + "):")
        for l in LABELS:
            print(f"    {l:22s} " + " ".join(f"{confusion[(l, m)]:4d}" for m in LABELS))
    if len(readers) > 1:
        pairs = []
        for i in range(len(readers)):
            for j in range(i + 1, len(readers)):
                a, b = readers[i][1], readers[j][1]
                same = sum(1 for item in key if a[item]["label"] == b[item]["label"])
                both_off = sum(1 for item, k in key.items()
                               if a[item]["label"] == b[item]["label"] != k["label"])
                pairs.append({"readers": [readers[i][0], readers[j][0]], "agreement": pct(same, len(key)),
                              "agree_against_key": both_off})
                print(f"readers {readers[i][0]} and {readers[j][0]}: agree on {same}/{len(key)}; "
                      f"together against the key on {both_off}")
        report["between_readers"] = pairs
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(report, f, indent=2)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    d = sub.add_parser("draw", help="a stratified blind draw of test items")
    d.add_argument("test", help="a benchmark's test.jsonl")
    d.add_argument("--n", type=int, default=80, help="items, a multiple of 4 (default 80)")
    d.add_argument("--seed", type=int, default=1)
    d.add_argument("-o", "--out", required=True, help="folder for items.jsonl, key.jsonl, instructions.md")
    s = sub.add_parser("score", help="agreement of returned labels with the key")
    s.add_argument("key")
    s.add_argument("readers", nargs="+")
    s.add_argument("--json", help="also write the figures as JSON here")
    args = parser.parse_args()
    draw(args) if args.command == "draw" else score(args)


if __name__ == "__main__":
    main()
