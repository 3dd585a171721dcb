#!/usr/bin/env python3
"""Writes the fixtures of other benchmarks' label schemes (this folder); deterministic.

No gold line has "complexity" (other benchmarks have none), every gold line names its
"scheme" (as `caqa import` writes it) and a "src_dataset" (AttributionBench's field, the
--group-by tests' key).

gold_support3.jsonl: 45 three-level samples; the wice lines use WiCE's labels
(supported / partially_supported / not_supported), the p004 lines the FS/PS/NS of the
faithfulness-metric comparison (paper 004). pred_support3.jsonl: full/partial/no and WiCE
spellings, right about two times in three, 2 missing predictions and 1 invalid label.
gold_binary.jsonl: 60 binary samples over four AttributionBench sources, labels
"attributable" / "not attributable". pred_binary.jsonl: AutoAIS-style 1/0 and
"attributable", 3 missing predictions.
"""
import json
import random

rng = random.Random(15)


def write(path, rows):
    with open(path, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r) + "\n")


LEVELS = ["full", "partial", "no"]
WICE = {"full": "supported", "partial": "partially_supported", "no": "not_supported"}
P004 = {"full": "FS", "partial": "PS", "no": "NS"}
gold, pred = [], []
for i in range(45):
    src = "wice" if i % 3 else "p004"
    level = LEVELS[(i * 5) % 3] if i % 4 else LEVELS[0]
    sid = f"s3-{i:03d}"
    gold.append({"id": sid, "label": (WICE if src == "wice" else P004)[level], "scheme": "support3",
                 "src_dataset": src})
    guess = level if rng.random() < 0.67 else rng.choice(LEVELS)
    if i in (7, 30):
        continue
    if i == 11:
        pred.append({"id": sid, "label": "maybe"})
    else:
        pred.append({"id": sid, "label": WICE[guess] if i % 5 == 0 else guess})
write("gold_support3.jsonl", gold)
write("pred_support3.jsonl", pred)

SOURCES = ["ExpertQA", "HAGRID", "AttributedQA", "LFQA"]
gold, pred = [], []
for i in range(60):
    src = SOURCES[(i * 3 + i // 7) % 4]
    yes = rng.random() < 0.45
    sid = f"ab-{i:03d}"
    gold.append({"id": sid, "label": "attributable" if yes else "not attributable", "scheme": "binary",
                 "src_dataset": src})
    guess = yes if rng.random() < (0.8 if src != "LFQA" else 0.55) else not yes
    if i in (5, 22, 47):
        continue
    pred.append({"id": sid, "label": ("attributable" if guess else "0") if i % 6 == 0 else ("1" if guess else "0")})
write("gold_binary.jsonl", gold)
write("pred_binary.jsonl", pred)
