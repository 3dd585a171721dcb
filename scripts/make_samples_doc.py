#!/usr/bin/env python3
"""Writes docs/samples.md: 50 random test samples of each build given, to read.

  build/native/caqa build -q -o /tmp/default
  build/native/caqa build --metaqa ../shared/data/metaqa -q -o /tmp/metaqa
  python3 scripts/make_samples_doc.py default=/tmp/default metaqa=/tmp/metaqa

The draw is seeded (random.Random(2026)), so the same builds give the same page.
"""
import json
import os
import random
import sys

OUT = "docs/samples.md"
PER_BUILD = 50


def main(args):
    if not args or any("=" not in a for a in args):
        sys.exit(__doc__)
    parts = ["# Samples", "",
             f"{PER_BUILD} random test samples of each build, as an evaluator reads them "
             "(written by `scripts/make_samples_doc.py`; `evidence` left out), each with the answer's sub-facts and "
             "their gold verdicts (the `subfacts` field, docs/factscore.md).", ""]
    for arg in args:
        name, folder = arg.split("=", 1)
        with open(os.path.join(folder, "test.jsonl"), encoding="utf-8") as f:
            rows = [json.loads(line) for line in f if line.strip()]
        manifest = json.load(open(os.path.join(folder, "manifest.json"), encoding="utf-8"))
        picked = random.Random(2026).sample(rows, min(PER_BUILD, len(rows)))
        parts += [f"## {name}", "", f"{len(rows)} test samples; seed {manifest.get('seed')}.", ""]
        for i, r in enumerate(picked, 1):
            parts += [f"{i}. `{r['id']}` **{r['label']}**, {r['complexity']} ({r.get('extension', '')})",
                      f"   - Question: {r['question']}",
                      f"   - Answer: {r['answer']}",
                      f"   - Citation: {r['citation']}"]
            if r.get("subfacts"):  # the answer's sub-facts and the gold verdicts (docs/factscore.md)
                parts.append("   - Sub-facts: " + " ".join(f"{s['fact']} *({s['verdict']})*" for s in r["subfacts"]))
            parts.append("")
    tmp = OUT + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write("\n".join(parts))
    os.replace(tmp, OUT)
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main(sys.argv[1:])
