#!/usr/bin/env bash
# audit.cli: `caqa audit` on files whose ids end in their label prints every probe, warns
# about the id probe, exits 0 (1 with --fail-on-warning), gives the same JSON twice, and
# refuses an input it cannot use with exit 2 and the reason.
#   cli_audit_test.sh CAQA
set -u
caqa=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

/usr/bin/env python3 - "$tmp" <<'PY'
import json, random, sys
labels = ["supportive", "partially_supportive", "contradictory", "irrelevant"]
levels = ["single", "union", "intersection", "concatenation"]
words = "river album tower novel bridge opera forest engine garden island museum palace".split()
rng = random.Random(7)
for split, n in (("train", 600), ("test", 300)):
    with open(f"{sys.argv[1]}/{split}.jsonl", "w") as f:
        for i in range(n):
            label = rng.choice(labels)
            text = lambda k: " ".join(rng.choice(words) for _ in range(k))
            f.write(json.dumps({"id": f"{split}{i}-{label[:3]}", "question": f"Which {text(3)}?",
                                "answer": f"The answer is {text(2).title()} [1].", "citation": f"[1] {text(6)}.",
                                "label": label, "complexity": rng.choice(levels)}) + "\n")
PY

"$caqa" audit --train "$tmp/train.jsonl" --test "$tmp/test.jsonl" >"$tmp/out" 2>"$tmp/err" ||
  fail "exit $?: $(cat "$tmp/err")"
for probe in majority lexical "full input" "id only" "lengths only" "presence only" "citation only" \
  "question+answer only" "answer only"; do
  grep -q "^$probe " "$tmp/out" || fail "no row for $probe: $(cat "$tmp/out")"
done
grep -q "^warning: id only reaches micro-F1 1.000" "$tmp/out" || fail "no id warning: $(cat "$tmp/out")"
[ "$(grep -c '^warning:' "$tmp/out")" = 1 ] || fail "other probes warn: $(cat "$tmp/out")"

"$caqa" audit --train "$tmp/train.jsonl" --test "$tmp/test.jsonl" --fail-on-warning >/dev/null 2>&1
[ $? = 1 ] || fail "--fail-on-warning did not exit 1"
"$caqa" audit --train "$tmp/train.jsonl" --test "$tmp/test.jsonl" --margin 1 --fail-on-warning >/dev/null 2>&1 ||
  fail "--margin 1 still warns"

"$caqa" audit --train "$tmp/train.jsonl" --test "$tmp/test.jsonl" --format json >"$tmp/a.json" || fail "json"
"$caqa" audit --train "$tmp/train.jsonl" --test "$tmp/test.jsonl" --format json >"$tmp/b.json" || fail "json"
cmp -s "$tmp/a.json" "$tmp/b.json" || fail "two runs, different JSON"
/usr/bin/env python3 -c "import json,sys; d=json.load(open(sys.argv[1])); assert len(d['probes'])==9 and len(d['warnings'])==1" \
  "$tmp/a.json" || fail "JSON shape: $(head -c 400 "$tmp/a.json")"
"$caqa" audit --train "$tmp/train.jsonl" --test "$tmp/test.jsonl" --format markdown | grep -q "^## Shortcut audit" ||
  fail "markdown section"

: >"$tmp/empty.jsonl"
"$caqa" audit --train "$tmp/empty.jsonl" --test "$tmp/test.jsonl" >/dev/null 2>"$tmp/err"
[ $? = 2 ] || fail "empty train: not exit 2"
grep -q "train split has no samples" "$tmp/err" || fail "empty train message: $(cat "$tmp/err")"
"$caqa" audit --help | grep -q "presence only" || fail "--help does not explain the probes"
echo "ok"
