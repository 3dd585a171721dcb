#!/usr/bin/env python3
"""benchmark.checks: the default benchmark passes the checks anyone can repeat without
caqa (issue 33): scripts/surface_probe.py (a gradient-boosted probe on nine surface
numbers) stays within 0.05 of the majority class, and scripts/reader_check.py draws a
stratified blind sample and scores returned labels. And `caqa build --train-questions`
(issue 34) adds train samples only, the test split byte for byte the same.

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
