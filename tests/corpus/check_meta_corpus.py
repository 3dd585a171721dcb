#!/usr/bin/env python3
"""Run `caqa meta` over the malformed meta-pairs corpus and compare with meta/expected.tsv.

Usage: check_meta_corpus.py --caqa PATH/TO/caqa --corpus tests/corpus

meta/expected.tsv columns (tab-separated, header line first): file (under <corpus>/meta/),
args (extra arguments, space-separated, or -), the expected exit status, and the expected
errors (space-separated code@line or code@line:column, - when none), each of which must
appear on stderr as "FILE:LINE[:COL]: error[code]" ("FILE: error[code]" for line 0).
Stdlib only.
"""
import argparse
import os
import shlex
import subprocess
import sys


def expected_text(path, entry):
    code, _, where = entry.partition("@")
    return f"{path}: error[{code}]" if where == "0" else f"{path}:{where}: error[{code}]"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--caqa", required=True)
    parser.add_argument("--corpus", required=True)
    args = parser.parse_args()
    lines = open(os.path.join(args.corpus, "meta", "expected.tsv"), encoding="utf-8").read().splitlines()
    failures = 0
    for row in lines[1:]:
        name, extra, exit_code, errors = row.split("\t")
        path = os.path.join(args.corpus, "meta", name)
        command = [args.caqa, "meta", path, "--bootstrap", "0", *([] if extra == "-" else shlex.split(extra))]
        run = subprocess.run(command, capture_output=True, text=True, timeout=10)
        problems = [] if run.returncode == int(exit_code) else [f"exit {run.returncode}, expected {exit_code}"]
        for entry in [] if errors == "-" else errors.split():
            if expected_text(path, entry) not in run.stderr:
                problems.append(f"no {expected_text(path, entry)!r} on stderr")
        if run.returncode == 0 and "error[" in run.stderr:
            problems.append("exit 0 with an error on stderr")
        for problem in problems:
            print(f"FAIL {name} [{extra}]: {problem}\n{run.stderr}")
        failures += bool(problems)
    print(f"{len(lines) - 1 - failures} of {len(lines) - 1} meta corpus cases as expected")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
