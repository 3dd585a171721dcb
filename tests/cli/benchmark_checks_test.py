#!/usr/bin/env python3
"""benchmark.checks: the default benchmark passes the checks anyone can repeat without
caqa (issue 33): scripts/surface_probe.py (a gradient-boosted probe on nine surface
numbers) stays within 0.05 of the majority class, and scripts/reader_check.py draws a
stratified blind sample (plain or strict brief, naturalness rated per part) and scores
returned labels, and draws and scores a paired reading of two builds (issue 40). And `caqa build --train-questions`
(issue 34) adds train samples only, the test split byte for byte the same. Every sample's
sub-facts agree with its label (issue 41).

    benchmark_checks_test.py SOURCE_DIR BENCH CAQA

BENCH is the default benchmark the test fixture built. Run with Debian's python3 (it
needs python3-sklearn for the probe).
"""
import json
import os
import subprocess
import sys
import tempfile

src, bench, caqa = sys.argv[1], sys.argv[2], sys.argv[3]
failures = []


def check(name, ok, detail=""):
    print(("ok   " if ok else "FAIL ") + name + (f": {detail}" if detail else ""))
    if not ok:
        failures.append(name)


probe = subprocess.run([sys.executable, os.path.join(src, "scripts", "surface_probe.py"), bench],
                       capture_output=True, text=True)
check("surface probe within 0.05 of majority", probe.returncode == 0, (probe.stdout + probe.stderr).strip())

with tempfile.TemporaryDirectory() as tmp:
    script = os.path.join(src, "scripts", "reader_check.py")
    draw = os.path.join(tmp, "draw")
    subprocess.run([sys.executable, script, "draw", os.path.join(bench, "test.jsonl"), "--n", "40", "--seed", "5",
                    "-o", draw], check=True, capture_output=True)
    items = [json.loads(l) for l in open(os.path.join(draw, "items.jsonl"))]
    key = [json.loads(l) for l in open(os.path.join(draw, "key.jsonl"))]
    check("draw: 40 items, no id or label shown",
          len(items) == 40 and all(set(i) == {"item", "question", "answer", "citation"} for i in items))
    labels = [k["label"] for k in key]
    check("draw: ten of each label", all(labels.count(l) == 10 for l in set(labels)) and len(set(labels)) == 4)
    plain = open(os.path.join(draw, "instructions.md")).read()
    check("draw: the rubric per part, several citations, world knowledge for unanswerable",
          "5 could stand as is in an encyclopedia" in plain and "1 broken or confusing." in plain
          and '"citation": 3}' in plain and "[1][2]" in plain and "use what you know of the world" in plain
          and "strict logician" not in plain)
    strict = os.path.join(tmp, "strict")
    subprocess.run([sys.executable, script, "draw", os.path.join(bench, "test.jsonl"), "--n", "40", "--seed", "5",
                    "--brief", "strict", "-o", strict], check=True, capture_output=True)
    check("draw --brief strict: the same items, the strict reading added",
          open(os.path.join(strict, "items.jsonl")).read() == open(os.path.join(draw, "items.jsonl")).read()
          and "strict logician" in open(os.path.join(strict, "instructions.md")).read())
    # A reader who agrees with the key on all but two items.
    reader = os.path.join(tmp, "reader.jsonl")
    with open(reader, "w") as f:
        for k in key:
            said = k["label"] if k["item"] > 2 else ("irrelevant" if k["label"] != "irrelevant" else "supportive")
            f.write(json.dumps({"item": k["item"], "label": said, "unanswerable": k["item"] == 3,
                                "naturalness": 4}) + "\n")
    out = subprocess.run([sys.executable, script, "score", os.path.join(draw, "key.jsonl"), reader, "--json",
                          os.path.join(tmp, "score.json")], capture_output=True, text=True, check=True)
    score = json.load(open(os.path.join(tmp, "score.json")))["readers"][0]
    check("score: agreement 38/40", abs(score["agreement"] - 38 / 40) < 1e-12, out.stdout.splitlines()[0])
    check("score: one of 40 flagged unanswerable", abs(score["unanswerable"] - 1 / 40) < 1e-12)
    check("score: naturalness 4.00", score["naturalness"] == 4)
    # A reader of this round: naturalness per part.
    parts = os.path.join(tmp, "parts.jsonl")
    with open(parts, "w") as f:
        for k in key:
            f.write(json.dumps({"item": k["item"], "label": k["label"], "unanswerable": False,
                                "naturalness": {"question": 5, "answer": 4, "citation": 3}}) + "\n")
    subprocess.run([sys.executable, script, "score", os.path.join(draw, "key.jsonl"), parts, "--json",
                    os.path.join(tmp, "parts.json")], capture_output=True, text=True, check=True)
    score = json.load(open(os.path.join(tmp, "parts.json")))["readers"][0]
    levels = {k["complexity"] for k in key}
    check("score: naturalness per part and per complexity",
          score["naturalness_parts"] == {"question": 5, "answer": 4, "citation": 3} and score["naturalness"] == 4
          and set(score["naturalness_per_complexity"]) == levels
          and all(c["citation"] == 3 for c in score["naturalness_per_complexity"].values()), json.dumps(score["naturalness_parts"]))

    # The paired reading: a second build whose citations read differently.
    rewritten = os.path.join(tmp, "rewritten.jsonl")
    with open(os.path.join(bench, "test.jsonl")) as f, open(rewritten, "w") as g:
        for line in f:
            s = json.loads(line)
            s["citation"] += " (rewritten)"
            g.write(json.dumps(s) + "\n")
    pair = os.path.join(tmp, "pair")
    subprocess.run([sys.executable, script, "pair", os.path.join(bench, "test.jsonl"), rewritten, "--n", "40",
                    "--seed", "5", "-o", pair], check=True, capture_output=True)
    items = [json.loads(l) for l in open(os.path.join(pair, "items.jsonl"))]
    key = [json.loads(l) for l in open(os.path.join(pair, "key.jsonl"))]
    check("pair: 40 items, both texts, the new one where the key says",
          len(items) == 40 and len(key) == 40
          and all(set(i) == {"item", "A", "B"} and set(i["A"]) == set(i["B"]) == {"question", "answer", "citation"}
                  for i in items)
          and all(i[k["new"]]["citation"].endswith(" (rewritten)")
                  and not i["B" if k["new"] == "A" else "A"]["citation"].endswith(" (rewritten)")
                  for i, k in zip(items, key))
          and [k["label"] for k in key].count("supportive") == 10)
    prefers = os.path.join(tmp, "prefers.jsonl")
    with open(prefers, "w") as f:
        for k in key:
            f.write(json.dumps({"item": k["item"], "prefer": k["new"]}) + "\n")
    out = subprocess.run([sys.executable, script, "pair-score", os.path.join(pair, "key.jsonl"), prefers, "--json",
                          os.path.join(tmp, "pair.json")], capture_output=True, text=True, check=True)
    score = json.load(open(os.path.join(tmp, "pair.json")))["readers"][0]
    check("pair-score: the new side preferred in 40/40", score["new"] == score["n"] == 40 and score["share"] == 1,
          out.stdout.splitlines()[0])

# Sub-facts (issue 41): every sample carries its answer's claims, each with a verdict that
# agrees with the label; the statistics state the gold mean over partially supportive samples.
broken = {}
partial = []
for name in ("train.jsonl", "test.jsonl"):
    for line in open(os.path.join(bench, name)):
        s = json.loads(line)
        v = [f["verdict"] for f in s.get("subfacts", [])]
        ok = bool(v) and all(f.get("fact", "").endswith(".") for f in s["subfacts"]) and {
            "supportive": set(v) == {"supported"},
            "partially_supportive": "supported" in v and "unsupported" in v and "contradicted" not in v,
            "contradictory": "contradicted" in v,
            "irrelevant": set(v) <= {"unsupported"},
        }[s["label"]]
        if not ok:
            broken.setdefault(s["label"], s["id"])
        if s["label"] == "partially_supportive" and s["split"] == "test":
            partial.append(v.count("supported") / len(v))
check("sub-facts: present, one sentence each, verdicts agree with every label", not broken, str(broken))

# A qualifier the answer writes ("born in Birmingham in the United Kingdom", "the 1933 film King
# Kong", "the composer John Williams") reads as a claim: no citation states its fact, unless the
# question names the qualifier's value (then it tells which entity is asked about).
stated = {}
for name in ("train.jsonl", "test.jsonl"):
    for line in open(os.path.join(bench, name)):
        s = json.loads(line)
        answer = s["answer"].lower()
        for h, r, t in s["evidence"]["triples"]:
            forms = (f"{h} in {t}", f"{h} in the {t}", f"the {t} film {h}", f"the {t} {h}")
            if t not in s["question"] and any(f.lower() in answer for f in forms):
                stated.setdefault(s["label"], s["id"])
check("no citation states the fact behind a qualifier its answer writes", not stated, str(stated))
stats = open(os.path.join(bench, "statistics.md")).read()
mean = f"| partially_supportive | " in stats and f"{sum(partial) / len(partial):.4f} ({len(partial)})" in stats
check("sub-facts: statistics.md states the gold mean over partially supportive test samples", mean,
      f"{sum(partial) / len(partial):.4f} ({len(partial)})")

with tempfile.TemporaryDirectory() as tmp:
    more = os.path.join(tmp, "more")
    subprocess.run([caqa, "build", "-q", "--no-audit", "--train-questions", "3000", "-o", more], check=True)
    same = open(os.path.join(more, "test.jsonl"), "rb").read() == open(os.path.join(bench, "test.jsonl"), "rb").read()
    check("--train-questions: test.jsonl byte-identical", same)
    m = json.load(open(os.path.join(more, "manifest.json")))
    base = json.load(open(os.path.join(bench, "manifest.json")))
    t = m["train_questions"]
    added = m["counts"]["samples"]["train"] - base["counts"]["samples"]["train"]
    check("--train-questions: the samples added are all train and counted", added == t["samples"] > 0,
          f"{t}, train {base['counts']['samples']['train']} -> {m['counts']['samples']['train']}")
    ids = set()
    for name in ("train.jsonl", "test.jsonl"):
        for line in open(os.path.join(more, name)):
            ids.add(json.loads(line)["id"])
    check("--train-questions: ids distinct", len(ids) == m["counts"]["samples"]["train"] + m["counts"]["samples"]["test"])

sys.exit(1 if failures else 0)
