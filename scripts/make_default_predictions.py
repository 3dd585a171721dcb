#!/usr/bin/env python3
"""Writes the bundled prediction files for the default benchmark's test split.

Two simple, real evaluators (no model, no randomness), so that `scripts/run.sh` has
something to score and the numbers have a floor to compare with:

  keyword_overlap   the "keyword co-occurrence" judge the CAQA paper warns about
                    (section 6.1): supportive when every answer name appears in the
                    citation, partially_supportive when some words of the question do,
                    irrelevant otherwise; it never says contradictory.
  always_supportive the trivial baseline.

Regenerate after changing the builder or data/default (a test checks the ids match):
  build/native/caqa build -q -o benchmark && python3 scripts/make_default_predictions.py benchmark/test.jsonl
"""
import json
import re
import sys

OUT = "data/examples/default"


def words(text):
    return {w for w in re.findall(r"[a-z0-9]+", text.lower()) if len(w) > 3}


def answer_names(sample):
    """The name-like runs (capitalised words, numbers) of the answer statement that the
    question does not hold: what the answer claims."""
    answer = re.sub(r"\s*(\[\d+\])+\.$", "", sample["answer"])  # "[1]." or "[1][2]."
    runs = re.findall(r"(?:[A-Z0-9][\w'.-]*)(?: (?:of |the |de |and )?[A-Z0-9][\w'.-]*)*", answer)
    return [r for r in runs if r not in sample["question"] and r not in ("The", "It", "Each")]


def keyword_overlap(sample):
    names = answer_names(sample)
    citation = sample["citation"]
    if names and all(n in citation for n in names):
        return "supportive"
    if words(sample["question"]) & words(citation):
        return "partially_supportive"
    return "irrelevant"


def main():
    samples = [json.loads(line) for line in open(sys.argv[1], encoding="utf-8")]
    with open(f"{OUT}/pred_keyword_overlap.jsonl", "w", encoding="utf-8") as f:
        for s in samples:
            f.write(json.dumps({"id": s["id"], "label": keyword_overlap(s)}) + "\n")
    with open(f"{OUT}/pred_always_supportive.jsonl", "w", encoding="utf-8") as f:
        for s in samples:
            f.write(json.dumps({"id": s["id"], "label": "supportive"}) + "\n")
    print(f"wrote predictions for {len(samples)} test samples to {OUT}/")


if __name__ == "__main__":
    main()
