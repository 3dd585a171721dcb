#!/usr/bin/env python3
"""Validates JSON documents against caqa's schemas (schema/*.schema.json, JSON Schema 2020-12).

  check_schemas.py --schemas DIR NAME=FILE ...

NAME is a schema's name without `.schema.json`. A FILE ending in .jsonl is checked line by
line; a JSON array whose schema describes an object (several score reports) item by item.
Every schema in DIR is also checked to be a valid schema. Exit 0 when all are valid,
1 otherwise, 77 (skipped) without python3-jsonschema (Debian's package; run /usr/bin/python3).
"""
import argparse
import json
import os
import sys


def documents(path):
    """(where, document) pairs of one file."""
    with open(path, encoding="utf-8") as f:
        if path.endswith(".jsonl"):
            for number, line in enumerate(f, 1):
                if line.strip():
                    yield f"{path}:{number}", json.loads(line)
            return
        doc = json.load(f)
    if isinstance(doc, list):
        for i, item in enumerate(doc):
            yield f"{path}[{i}]", item
    else:
        yield path, doc


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--schemas", required=True, help="the schema/ folder")
    ap.add_argument("checks", nargs="*", metavar="NAME=FILE")
    a = ap.parse_args()
    try:
        from jsonschema import Draft202012Validator
    except ImportError:
        print("skipped: python3-jsonschema is not installed (scripts/setup.sh installs it)")
        return 77

    validators = {}
    failed = 0
    for name in sorted(os.listdir(a.schemas)):
        if not name.endswith(".schema.json"):
            continue
        schema = json.load(open(os.path.join(a.schemas, name), encoding="utf-8"))
        try:
            Draft202012Validator.check_schema(schema)
        except Exception as e:  # SchemaError: the schema itself is wrong
            print(f"FAIL: {name} is not a valid JSON Schema: {e}")
            failed += 1
            continue
        validators[name[: -len(".schema.json")]] = Draft202012Validator(schema)

    checked = 0
    for check in a.checks:
        name, _, path = check.partition("=")
        if name not in validators:
            print(f"FAIL: no schema {name}.schema.json in {a.schemas}")
            failed += 1
            continue
        count, before = 0, failed
        for where, doc in documents(path):
            count += 1
            for error in sorted(validators[name].iter_errors(doc), key=lambda e: list(e.absolute_path)):
                pointer = "/".join(str(p) for p in error.absolute_path)
                print(f"FAIL: {where}: /{pointer}: {error.message} ({name})")
                failed += 1
        if count == 0:
            print(f"FAIL: {path} holds no document")
            failed += 1
        checked += count
        if failed == before:
            print(f"ok: {path} against {name} ({count} document(s))")
    print(f"{checked} document(s) in {len(a.checks)} file(s), {len(validators)} schema(s): "
          + ("all valid" if not failed else f"{failed} problem(s)"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
