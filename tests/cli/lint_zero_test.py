#!/usr/bin/env python3
"""cli.lint_zero: the grammar verbaliser's texts pass the lint (issue 14), on the default
build and, when ../shared/data/metaqa is present, on a MetaQA build.

    lint_zero_test.py CAQA SOURCE_DIR

Both builds skip filtering and the audit (the lint runs on every sample written either
way, and the filter only removes samples).
"""
import json
import os
import subprocess
import sys
import tempfile

caqa, src = sys.argv[1], sys.argv[2]
failures = []


def lint_of(args, out):
    subprocess.run([caqa, "build", "-q", "--no-harden", "--no-audit", *args, "-o", out], check=True)
    return json.load(open(os.path.join(out, "manifest.json")))["text_checks"]["lint"]


def check(name, lint):
    found = {f"{task}/{rule}": n for task, rules in lint.items() for rule, n in rules.items() if n}
    print(("ok: " if not found else "FAIL: ") + f"{name}: lint findings {found or 0}")
    if found:
        failures.append(name)


with tempfile.TemporaryDirectory() as tmp:
    check("default build", lint_of([], os.path.join(tmp, "default")))
    metaqa = os.path.join(src, "..", "shared", "data", "metaqa")
    if os.path.isdir(metaqa):
        check("MetaQA build", lint_of(["--metaqa", metaqa], os.path.join(tmp, "metaqa")))
    else:
        print(f"skipped: MetaQA build ({metaqa} is absent)")

sys.exit(1 if failures else 0)
