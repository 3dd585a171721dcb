#!/usr/bin/env python3
"""Writes the AttrScore (three-class) fixtures of this folder; deterministic.

gold_attrscore.jsonl: 60 samples (attributable / extrapolatory / contradictory, the four
complexity levels). pred_attrscore.jsonl: an evaluator right about two times in three,
with 4 missing predictions, 2 invalid labels and CAQA spellings that map through the
scheme (supportive -> attributable, irrelevant -> extrapolatory). pred_attrscore_responses.jsonl:
free-text replies; pred_attrscore_intended.jsonl: the label each reply means (a reply that
names only "partially supportive", a class AttrScore lacks, means no class).
"""
import json
import random

CLASSES = ["attributable", "extrapolatory", "contradictory"]
LEVELS = ["single", "union", "intersection", "concatenation"]
CAQA = {"attributable": "supportive", "extrapolatory": "irrelevant", "contradictory": "contradictory"}
REPLY = {"attributable": "Attributable. The reference states the answer directly.",
         "extrapolatory": "Extrapolatory: the reference does not mention it.",
         "contradictory": "The claim is contradictory to what the reference says."}

rng = random.Random(7)
gold, pred, replies, intended = [], [], [], []
for i in range(60):
    sid = f"as-{i:03d}" if i % 7 else i  # some integer ids
    label = CLASSES[i % 3] if i % 5 else CLASSES[(i // 5) % 3]
    gold.append({"id": sid, "label": label, "complexity": LEVELS[(i * 7) % 4]})
    guess = label if rng.random() < 0.67 else rng.choice(CLASSES)
    if i in (3, 17, 29, 44):
        continue  # missing
    if i in (8, 33):
        pred.append({"id": sid, "label": "maybe"})
    elif i % 4 == 0:
        pred.append({"id": sid, "label": CAQA[guess]})
    else:
        pred.append({"id": sid, "label": guess})
    if i in (12, 40):
        replies.append({"id": sid, "response": "Partially supportive: only half of it is cited."})
        intended.append({"id": sid, "label": "none"})
    else:
        replies.append({"id": sid, "response": REPLY[guess]})
        intended.append({"id": sid, "label": guess})

for name, rows in [("gold_attrscore.jsonl", gold), ("pred_attrscore.jsonl", pred),
                   ("pred_attrscore_responses.jsonl", replies), ("pred_attrscore_intended.jsonl", intended)]:
    with open(name, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r) + "\n")
