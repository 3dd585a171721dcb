#!/usr/bin/env python3
"""The human check of a built benchmark's labels (issues 33 and 40), independent of caqa:
draw a stratified sample of test items for blind labelling, then score the labels readers
return; and a paired reading of two builds (scripts/paired_reading.py).

  python3 scripts/reader_check.py draw BENCH/test.jsonl --n 80 --seed 1 [--brief plain|strict] [--levels L,M] -o DRAW
      DRAW/items.jsonl       what a reader sees: {"item", "question", "answer", "citation"}
                             (no id, no label, no complexity, shuffled)
      DRAW/key.jsonl         {"item", "id", "label", "complexity"}: keep it from the readers
      DRAW/instructions.md   the task, the paper's definitions (CAQA, section 3 and Table 2)
                             and the naturalness rubric; --brief strict adds a strict
                             logician's reading of "supported" (default plain)
  python3 scripts/reader_check.py score DRAW/key.jsonl READER.jsonl [READER2.jsonl ...] [--json OUT]
      READER.jsonl: {"item", "label", "unanswerable": bool,
                     "naturalness": {"question": 1-5, "answer": 1-5, "citation": 1-5}} per item
      (label: supportive, partially_supportive, contradictory or irrelevant; a single
      "naturalness": 1-5, as older rounds returned, is still read); prints agreement with the
      key overall, per label and per label x complexity, the confusion matrix, the share of
      questions flagged unanswerable, mean naturalness (overall, per part, and per part for
      each complexity level), and agreement between readers.
  python3 scripts/reader_check.py pair OLD/test.jsonl NEW/test.jsonl --n 80 --seed 1 -o PAIR
  python3 scripts/reader_check.py pair-score PAIR/key.jsonl READER.jsonl [...] [--json OUT]
      which of two builds' texts of the same sample reads more like a person wrote it: see
      scripts/paired_reading.py.

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
LEVELS = ["single", "concatenation", "intersection", "union", "comparison", "negation"]  # caqa's print order
PARTS = ["question", "answer", "citation"]

RUBRIC = ("5 could stand as is in an encyclopedia, a news article or a good answer written by a person; "
          "4 fluent and clear, slightly formulaic but a person could have written it; "
          "3 grammatical but machine-made (a list of stock sentences, stiff or repeated phrasing, or one "
          "awkward construction); 2 awkward or hard to parse, wrong or odd words; 1 broken or confusing.")

CITATIONS = """The citation is one passage, "[1] ...", or several, "[1] ... [2] ...", and the answer
statement cites them with markers such as [1] or [1][2]. Read all the passages it cites."""

DEFINITIONS = """# Labelling attributions

Each item is a question, an answer statement that cites evidence, and the citation.
""" + CITATIONS + """

Decide how the citation relates to the answer statement. Use these definitions (Hu et al.,
"Can LLMs Evaluate Complex Attribution in QA?", section 3.2):

- **supportive**: the citation includes facts that fully support the answer statement.
- **partially_supportive**: the citation lacks a part of the facts that are required to infer
  the answer statement (some of what the answer says is supported, some is not mentioned).
- **contradictory**: the citation includes facts that infer a different answer statement
  (it states something incompatible with what the answer says).
- **irrelevant**: the citation has no facts that can be used to infer the answer statement.

Judge the label from the text: do not use what you know about the world to fill gaps in the
citation or to overrule it. Names written with a qualifier in parentheses ("A Star Is Born
(1937)") are distinct entities.
"""

STRICT = """
Read like a strict logician:
- A fact that is not stated in the citation, or implied by what it states, is not supported.
- A second director, composer, author, member (any second value of a relation) named in the
  citation does not by itself exclude the answer's: a film can have two directors. The
  citation contradicts the answer only when what it states cannot be true together with it.
"""

OTHER_FIGURES = """
For each item also give:
- **unanswerable**: here, and only here, use what you know of the world: judge whether the
  question has another answer. Flag true when you know another true answer that the answer
  statement does not give, when the question points at one of many things ("a film by ..."
  where there are many), when it has far more true answers than any answer could list, or
  when it is ambiguous or ungrammatical beyond repair; otherwise false.
- **naturalness**: rate the question, the answer statement and the citation separately, each
  1-5 on this scale:

  """ + RUBRIC + """

Return one JSON object per line:
{"item": N, "label": "...", "unanswerable": false, "naturalness": {"question": 4, "answer": 4, "citation": 3}}
"""


def instructions(brief):
    return DEFINITIONS + (STRICT if brief == "strict" else "") + OTHER_FIGURES


def level_order(levels):
    """The paper's four levels first, in Table 5's order, then any other level, sorted."""
    present = set(levels)
    return [l for l in LEVELS if l in present] + sorted(l for l in present if l not in LEVELS)


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


def stratified(samples, n, rng, where, group=lambda s: s.get("source_question", s["id"])):
    """n/4 samples of each label, round robin over complexity levels, one per group (source
    question) where possible; exits when a label has fewer than n/4."""
    if n % 4:
        sys.exit(f"--n must be a multiple of 4 (one quarter per label), found {n}")
    per_label = n // 4
    chosen, used_questions = [], set()
    for label in LABELS:
        pool = [s for s in samples if s["label"] == label]
        if len(pool) < per_label:
            sys.exit(f"{where}: {len(pool)} test samples labelled {label}, fewer than the {per_label} asked")
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
                    question = group(s)
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
    return chosen


def print_counts(chosen):
    counts = collections.Counter((s["label"], s.get("complexity")) for s in chosen)
    levels = level_order(s.get("complexity") for s in chosen)
    for label in LABELS:
        print(f"  {label:22s} " + ", ".join(f"{l} {counts[(label, l)]}" for l in levels if counts[(label, l)]))


def draw(args):
    samples = [s for s in read_jsonl(args.test) if s.get("split", "test") == "test"]
    if args.levels:
        wanted = args.levels.split(",")
        samples = [s for s in samples if s.get("complexity") in wanted]
    rng = random.Random(args.seed)
    chosen = stratified(samples, args.n, rng, args.test)
    os.makedirs(args.out, exist_ok=True)
    write_jsonl(os.path.join(args.out, "items.jsonl"),
                [{"item": i + 1, "question": s["question"], "answer": s["answer"], "citation": s["citation"]}
                 for i, s in enumerate(chosen)])
    write_jsonl(os.path.join(args.out, "key.jsonl"),
                [{"item": i + 1, "id": s["id"], "label": s["label"], "complexity": s.get("complexity")}
                 for i, s in enumerate(chosen)])
    with open(os.path.join(args.out, "instructions.md"), "w", encoding="utf-8") as f:
        f.write(instructions(args.brief))
    print(f"{len(chosen)} items in {args.out}/items.jsonl (key: {args.out}/key.jsonl; {args.brief} brief)")
    print_counts(chosen)


def pct(a, b):
    return None if b == 0 else a / b


def fmt(x):
    return "-" if x is None else f"{100 * x:.1f}%"


def mean(xs):
    return None if not xs else sum(xs) / len(xs)


def fnum(x):
    return "-" if x is None else f"{x:.2f}"


def naturalness(path, r):
    """An answer's naturalness: ({part: rating}, the item's figure), from the per-part object
    or from the single 1-5 of older rounds ({} for its parts)."""
    v = r.get("naturalness")

    def rating(x, what):
        if x is None:
            return None
        if isinstance(x, bool) or not isinstance(x, (int, float)) or not 1 <= x <= 5:
            sys.exit(f"{path}: item {r.get('item')}: {what} must be 1-5, found {x!r}")
        return x

    if isinstance(v, dict):
        unknown = sorted(set(v) - set(PARTS))
        if unknown:
            sys.exit(f"{path}: item {r.get('item')}: naturalness parts are {PARTS}, found {unknown}")
        parts = {p: rating(v.get(p), f"naturalness.{p}") for p in PARTS if v.get(p) is not None}
        return parts, mean(list(parts.values()))
    return {}, rating(v, "naturalness")


def naturalness_figures(key, answers, path):
    """Mean naturalness overall, per part, and per part for each complexity level."""
    overall, parts = [], {p: [] for p in PARTS}
    cells = collections.defaultdict(lambda: {"mean": [], **{p: [] for p in PARTS}})
    for item, k in key.items():
        got, figure = naturalness(path, answers[item])
        cell = cells[k.get("complexity") or "-"]
        for p, x in got.items():
            parts[p].append(x)
            cell[p].append(x)
        if figure is not None:
            overall.append(figure)
            cell["mean"].append(figure)
    per_level = {l: {**{p: mean(cells[l][p]) for p in PARTS}, "mean": mean(cells[l]["mean"]), "n": len(cells[l]["mean"])}
                 for l in level_order(cells)}
    return mean(overall), {p: mean(parts[p]) for p in PARTS}, per_level


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
        natural, parts, per_level = naturalness_figures(key, answers, path)
        r = {
            "reader": path,
            "agreement": pct(sum(agree.values()), len(key)),
            "per_label": {l: pct(agree[l], total[l]) for l in LABELS},
            "per_cell": {f"{l}/{c}": {"agree": cell_agree[(l, c)], "n": n} for (l, c), n in sorted(cell_total.items())},
            "confusion": {l: {m: confusion[(l, m)] for m in LABELS} for l in LABELS},
            "unanswerable": pct(flagged, len(key)),
            "naturalness": natural,
            "naturalness_parts": parts,
            "naturalness_per_complexity": per_level,
        }
        report["readers"].append(r)
        print(f"{path}: agreement {fmt(r['agreement'])} ({sum(agree.values())}/{len(key)}); "
              f"unanswerable {fmt(r['unanswerable'])}; naturalness {fnum(natural)}")
        print("  per label: " + ", ".join(f"{l} {fmt(r['per_label'][l])} ({agree[l]}/{total[l]})" for l in LABELS))
        print("  label x complexity (agree/n): " +
              "; ".join(f"{l} {c} {cell_agree[(l, c)]}/{n}" for (l, c), n in sorted(cell_total.items())))
        print("  confusion (rows: key, columns: reader " + " ".join(x[:4] for x in LABELS) + "):")
        for l in LABELS:
            print(f"    {l:22s} " + " ".join(f"{confusion[(l, m)]:4d}" for m in LABELS))
        if any(x is not None for x in parts.values()):
            print("  naturalness (1-5): " + ", ".join(f"{p} {fnum(parts[p])}" for p in PARTS) +
                  f"; mean of the three {fnum(natural)}")
        else:
            print(f"  naturalness (1-5): no part rated (one figure per item, as older rounds gave), mean {fnum(natural)}")
        print(f"  naturalness per complexity: {'':14s}" + "".join(f"{p:>10s}" for p in PARTS + ["mean"]) + f"{'n':>5s}")
        for level, f in per_level.items():
            print(f"    {level:40s}" + "".join(f"{fnum(f[p]):>10s}" for p in PARTS + ["mean"]) + f"{f['n']:5d}")
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
    sys.dont_write_bytecode = True  # no __pycache__ in scripts/
    import paired_reading  # the paired reading of two builds; it imports this file's helpers

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    d = sub.add_parser("draw", help="a stratified blind draw of test items")
    d.add_argument("test", help="a benchmark's test.jsonl")
    d.add_argument("--n", type=int, default=80, help="items, a multiple of 4 (default 80)")
    d.add_argument("--seed", type=int, default=1)
    d.add_argument("--levels", help="only these complexity levels, comma-separated (e.g. comparison,negation)")
    d.add_argument("--brief", choices=["plain", "strict"], default="plain",
                   help="plain: the paper's definitions; strict: also a strict logician's reading (default plain)")
    d.add_argument("-o", "--out", required=True, help="folder for items.jsonl, key.jsonl, instructions.md")
    d.set_defaults(func=draw)
    s = sub.add_parser("score", help="agreement of returned labels with the key")
    s.add_argument("key")
    s.add_argument("readers", nargs="+")
    s.add_argument("--json", help="also write the figures as JSON here")
    s.set_defaults(func=score)
    paired_reading.add_commands(sub)
    args = parser.parse_args()
    args.func(args)


if __name__ == "__main__":
    main()
