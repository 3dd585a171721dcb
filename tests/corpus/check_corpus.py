#!/usr/bin/env python3
"""Run `caqa validate` over the malformed-prediction corpus and compare with expected.tsv.

Usage: check_corpus.py --caqa PATH/TO/caqa --corpus tests/corpus [--only NAME ...] [--verbose]

expected.tsv columns (tab-separated, header line first):
  file      path relative to <corpus>/malformed/
  args      extra command-line arguments, space-separated, or -
  exit      expected exit status of `caqa validate`
  errors    expected error diagnostics: space-separated code@line or code@line:column,
            sorted by line then code; - when none
  warnings  the same for warning diagnostics

The column is compared only when the expected entry gives one. Diagnostics are compared as
multisets. Each file is also run without --json, and every expected diagnostic must appear in
the human output as "FILE:LINE[:COL]: error[code]" (warnings: "warning[code]"), FILE being the
path exactly as passed on the command line ("FILE: error[code]" for line 0). Both runs must
exit with 0, 1 or 2 within 10 s (anything else counts as a crash), every diagnostic needs a
non-empty message, "valid" must agree with the exit status, and the human output must be UTF-8.
Stdlib only.
"""
import argparse
import json
import os
import re
import shlex
import subprocess
import sys
from collections import Counter

TIMEOUT_S = 10
ENTRY = re.compile(r"^([a-z_0-9]+)@(\d+)(?::(\d+))?$")


class Entry:
    __slots__ = ("code", "line", "column")

    def __init__(self, code, line, column=None):
        self.code, self.line, self.column = code, line, column

    def key(self):
        return (self.line, self.code, self.column if self.column is not None else -1)

    def __str__(self):
        return f"{self.code}@{self.line}" + (f":{self.column}" if self.column is not None else "")


def parse_entries(text, where):
    if text.strip() in ("", "-"):
        return []
    out = []
    for token in text.split():
        m = ENTRY.match(token)
        if not m:
            raise ValueError(f"{where}: bad entry {token!r} (want code@line or code@line:column)")
        out.append(Entry(m.group(1), int(m.group(2)), int(m.group(3)) if m.group(3) else None))
    return out


def read_expected(path):
    rows = []
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    if not lines or lines[0].split("\t") != ["file", "args", "exit", "errors", "warnings"]:
        raise ValueError(f"{path}: the first line must be the header file<TAB>args<TAB>exit<TAB>errors<TAB>warnings")
    for n, line in enumerate(lines[1:], start=2):
        if not line.strip() or line.startswith("#"):
            continue
        cols = line.split("\t")
        if len(cols) != 5:
            raise ValueError(f"{path}:{n}: expected 5 tab-separated columns, found {len(cols)}")
        name, args, exit_code, errors, warnings = cols
        rows.append({
            "file": name,
            "args": [] if args.strip() in ("", "-") else shlex.split(args),
            "exit": int(exit_code),
            "errors": parse_entries(errors, f"{path}:{n}"),
            "warnings": parse_entries(warnings, f"{path}:{n}"),
        })
    return rows


def match(expected, actual):
    """Multiset match; returns (missing expected entries, unexpected actual entries)."""
    left = list(actual)
    missing = []
    # Entries with a column first, so that a column-less entry cannot steal their match.
    for e in sorted(expected, key=lambda e: e.column is None):
        for i, a in enumerate(left):
            if a.code == e.code and a.line == e.line and (e.column is None or a.column == e.column):
                del left[i]
                break
        else:
            missing.append(e)
    return missing, left


def fmt(entries, with_columns=True):
    if not entries:
        return "-"
    return " ".join(str(e) if with_columns else f"{e.code}@{e.line}" for e in sorted(entries, key=Entry.key))


def run(cmd):
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return None, b"", b"", f"timed out after {TIMEOUT_S} s"
    return p.returncode, p.stdout, p.stderr, None


def check_one(caqa, corpus, row):
    """Returns a list of problems (empty when the file passes)."""
    problems = []
    pred = os.path.join(corpus, "malformed", row["file"])
    gold = os.path.join(corpus, "gold.jsonl")
    if not os.path.isfile(pred):
        return [f"missing corpus file {pred}"]

    # --- JSON report
    rc, out, err, why = run([caqa, "validate", pred, "--gold", gold, "--json", *row["args"]])
    if why:
        return [f"--json run {why}"]
    crashed = rc not in (0, 1, 2)
    if crashed:
        last = (err.decode("utf-8", "replace").strip().splitlines() or [""])[-1].strip()
        problems.append(f"--json run crashed: exit status {rc} (expected {row['exit']}), stderr: {last[:200]!r}")
    elif rc != row["exit"]:
        problems.append(f"expected exit {row['exit']}, got {rc}")
    report = None
    if not crashed:
        try:
            report = json.loads(out.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as e:
            problems.append(f"stdout is not a JSON report ({e})")
    if report is not None:
        diags = report.get("diagnostics")
        if not isinstance(diags, list):
            problems.append("the report has no \"diagnostics\" list")
            diags = []
        errors, warnings = [], []
        for d in diags:
            try:
                entry = Entry(str(d["code"]), int(d["line"]), int(d["column"]))
            except (KeyError, TypeError, ValueError):
                problems.append(f"diagnostic without code/line/column: {d!r}")
                continue
            if not isinstance(d.get("message"), str) or not d["message"].strip():
                problems.append(f"{entry}: empty message")
            sev = d.get("severity")
            if sev == "error":
                errors.append(entry)
            elif sev == "warning":
                warnings.append(entry)
            else:
                problems.append(f"{entry}: unknown severity {sev!r}")
        for kind, exp, act in (("errors", row["errors"], errors), ("warnings", row["warnings"], warnings)):
            missing, extra = match(exp, act)
            if missing or extra:
                problems.append(f"expected {kind} {fmt(exp)}, got {fmt(act)}")
        valid = report.get("valid")
        if valid is not (rc == 0) and rc in (0, 1):
            problems.append(f"\"valid\": {json.dumps(valid)} disagrees with exit status {rc}")

    # --- human output: every expected diagnostic as FILE:LINE[:COL]: severity[code]
    rc2, out2, err2, why2 = run([caqa, "validate", pred, "--gold", gold, *row["args"]])
    if why2:
        problems.append(f"human-readable run {why2}")
        return problems
    if rc2 not in (0, 1, 2):
        problems.append(f"human-readable run crashed: exit status {rc2}")
    elif rc2 != row["exit"]:
        problems.append(f"human-readable run: expected exit {row['exit']}, got {rc2}")
    try:
        out2.decode("utf-8")
    except UnicodeDecodeError as e:
        problems.append(f"human output is not valid UTF-8 (byte 0x{out2[e.start]:02X} at offset {e.start})")
    text_lines = out2.decode("utf-8", "replace").splitlines()
    wanted = Counter()
    for sev, entries in (("error", row["errors"]), ("warning", row["warnings"])):
        for e in entries:
            wanted[(sev, e.code, e.line)] += 1
    for (sev, code, line), count in wanted.items():
        if line == 0:
            prefix = f"{pred}: "
        else:
            prefix = f"{pred}:{line}:"
        tag = f"{sev}[{code}]"
        found = 0
        for t in text_lines:
            if not t.startswith(prefix) or tag not in t:
                continue
            rest = t[len(prefix):]
            # FILE:LINE: or FILE:LINE:COL: -- make sure LINE is not a prefix of a longer number.
            if line != 0 and not re.match(r"^(\d+:)? ", rest):
                continue
            found += 1
        if found < count:
            problems.append(f"human output lacks {count - found} x \"{prefix}... {tag}\"")
    return problems


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--caqa", required=True, help="path to the caqa binary")
    ap.add_argument("--corpus", required=True, help="corpus directory (gold.jsonl, expected.tsv, malformed/)")
    ap.add_argument("--only", nargs="*", default=None, help="run only these files (names or prefixes such as 07)")
    args = ap.parse_args()

    try:
        rows = read_expected(os.path.join(args.corpus, "expected.tsv"))
    except (OSError, ValueError) as e:
        print(f"check_corpus: {e}", file=sys.stderr)
        return 2
    if not os.access(args.caqa, os.X_OK):
        print(f"check_corpus: {args.caqa} is not an executable", file=sys.stderr)
        return 2
    listed = {r["file"] for r in rows}
    unlisted = sorted(set(os.listdir(os.path.join(args.corpus, "malformed"))) - listed)

    passed = failed = 0
    for row in rows:
        if args.only and not any(row["file"].startswith(o) for o in args.only):
            continue
        name = os.path.splitext(row["file"])[0]
        problems = check_one(args.caqa, args.corpus, row)
        if problems:
            failed += 1
            print(f"FAIL {name}: " + "; ".join(problems))
        else:
            passed += 1
            print(f"ok   {name}")
    if unlisted and not args.only:
        failed += len(unlisted)
        for u in unlisted:
            print(f"FAIL {u}: file in malformed/ has no row in expected.tsv")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
