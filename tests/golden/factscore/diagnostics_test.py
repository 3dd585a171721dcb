#!/usr/bin/env python3
"""`caqa factscore` on malformed and incomplete prediction files: each problem is named with
its line, and nothing is scored from a file that has one (exit 1); a gold file without
sub-facts is a usage error (exit 2).

    diagnostics_test.py --caqa build/native/caqa --gold tests/golden/factscore/gold.jsonl
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--caqa", required=True)
    ap.add_argument("--gold", required=True)
    a = ap.parse_args()
    gold = [json.loads(l) for l in open(a.gold) if l.strip()]
    good = [{"id": g["id"], "subfacts": [s["verdict"] == "supported" for s in g["subfacts"]]} for g in gold]
    failures = []

    def case(name, lines, code, needles, extra=(), gold_path=None):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "pred.jsonl")
            with open(path, "w") as f:
                for l in lines:
                    f.write((l if isinstance(l, str) else json.dumps(l)) + "\n")
            run = subprocess.run([a.caqa, "factscore", path, "--gold", gold_path or a.gold, "--bootstrap", "0",
                                  *extra], capture_output=True, text=True)
        text = run.stdout + run.stderr
        missing = [n for n in needles if n not in text]
        if run.returncode != code or missing:
            failures.append(f"{name}: exit {run.returncode} (want {code}), missing {missing}\n{text[:800]}")

    first = gold[0]
    n = len(first["subfacts"])
    short = dict(good[0], subfacts=good[0]["subfacts"][:-1])
    case("perfect", good, 0, ["300 of 300 gold samples"])
    case("count", [short] + good[1:], 1, [f"pred.jsonl:1:", f"expected {n} judgments", "judgment_mismatch"])
    case("range", [dict(good[0], subfacts=[1.5] * n)] + good[1:], 1, ["probability in [0, 1], found 1.5", "bad_score"])
    case("nan", ['{"id": "%s", "subfacts": [NaN%s]}' % (first["id"], ", true" * (n - 1))] + good[1:], 1,
         ["found NaN or Infinity", "bad_score"])
    case("bare range", [{"id": first["id"], "factscore": -0.1}] + good[1:], 1, ["\"factscore\" in [0, 1]"])
    case("duplicate", good + [good[5]], 1, ["pred.jsonl:301:", "first on line 6", "duplicate_id"])
    case("neither", [{"id": first["id"]}] + good[1:], 1, ["found neither", "missing_field"])
    case("malformed", ["{\"id\": \"fs0000\", \"subfacts\": [true,"] + good[1:], 1, ["pred.jsonl:1:", "malformed_json"])
    case("missing", good[1:], 1, ["1 of 300 gold samples with sub-facts have no prediction", f"\"{first['id']}\"",
                                  "--ignore-missing"])
    case("missing ignored", good[1:], 0, ["299 of 300 gold samples with sub-facts scored, 1 without a prediction"],
         ["--ignore-missing"])
    case("unknown id", good + [{"id": "nope", "subfacts": [True]}], 0, ["warning", "\"nope\"", "ignored"])
    with tempfile.TemporaryDirectory() as d:
        bare = os.path.join(d, "bare_gold.jsonl")
        with open(bare, "w") as f:
            for g in gold:
                f.write(json.dumps({k: v for k, v in g.items() if k != "subfacts"}) + "\n")
        case("no sub-facts", good, 2, ["has no \"subfacts\""], gold_path=bare)
    for f in failures:
        print("FAIL", f)
    print(f"{12 - len(failures)} of 12 cases as expected")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
