#!/usr/bin/env python3
"""Fails when a file holds the ranked split's sealed labels (docs/leaderboard.md).

  check_sealed_labels.py RANKED_GOLD FILE_OR_DIR...   (tests/cli/leaderboard_test.sh on the repository, scripts/build_site.sh on the site)

A file holds them when, on the lines that name a ranked id, the gold label of that id
appears on the same line for at least 90% of at least 50 ranked ids: the sealed file
itself, test.jsonl, a copy of either, or a perfect prediction file. Real submissions
(about 30% right here) and the public files (no ranked id with a label) stay well below.
"""
import json
import os
import re
import sys

ID = re.compile(rb"[0-9a-f]{16}")
LABELS = (b"supportive", b"partially_supportive", b"contradictory", b"irrelevant")


def label_on(line, label):
    # "supportive" is inside "partially_supportive": look for the quoted word.
    return b'"' + label + b'"' in line


def holds_labels(path, gold):
    agree = seen = 0
    try:
        with open(path, "rb") as f:
            for line in f:
                ids = [m for m in ID.findall(line) if m in gold]
                if len(ids) != 1:
                    continue
                seen += 1
                agree += label_on(line, gold[ids[0]])
    except OSError:
        return None
    return (agree, seen) if seen >= 50 and agree >= 0.9 * seen else None


def files(paths):
    for p in paths:
        if os.path.isdir(p):
            for d, _, names in os.walk(p):
                yield from (os.path.join(d, n) for n in names)
        elif os.path.isfile(p) and not os.path.islink(p):
            yield p


def main():
    gold = {}
    with open(sys.argv[1], "rb") as f:
        for line in f:
            s = json.loads(line)
            gold[s["id"].encode()] = s["label"].encode()
    leaks, checked = [], 0
    for path in files(sys.argv[2:]):
        checked += 1
        found = holds_labels(path, gold)
        if found:
            leaks.append(f"{path}: the ranked label of {found[0]} of the {found[1]} ranked ids it names")
    for leak in leaks:
        print(f"FAIL: {leak}", file=sys.stderr)
    if not leaks:
        print(f"ok: none of {checked} file(s) holds the ranked split's labels ({len(gold)} sealed)")
    return 1 if leaks else 0


if __name__ == "__main__":
    sys.exit(main())
