#!/usr/bin/env bash
# cli.score_benchmarks: gold files of other benchmarks (issue 15) from the command line:
# a three-class and a binary gold that name their scheme score without --scheme, with
# "not in this benchmark" for complexity and per-group rows; disagreeing "scheme" lines
# and complexity on some lines only are errors with file:line:column.
#   score_benchmarks_test.sh CAQA   (run from the source tree)
set -u
caqa=$1
B=tests/golden/benchmarks
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$caqa" score $B/pred_support3.jsonl --gold $B/gold_support3.jsonl --bootstrap 0 >"$tmp/out" 2>"$tmp/err" ||
  fail "support3: $(cat "$tmp/err")"
grep -q "mode:support3" "$tmp/out" || fail "support3 scheme not taken from the gold: $(cat "$tmp/out")"
grep -qF 'per complexity: not in this benchmark' "$tmp/out" || fail "no complexity note"
grep -q "Single" "$tmp/out" && fail "complexity columns printed without complexity"
grep -qE '^partial +0\.700 +0\.636 +0\.667' "$tmp/out" || fail "support3 per-class row: $(cat "$tmp/out")"

"$caqa" score $B/pred_binary.jsonl --gold $B/gold_binary.jsonl --group-by src_dataset --bootstrap 200 >"$tmp/out" \
  2>"$tmp/err" || fail "binary: $(cat "$tmp/err")"
grep -qE '^src_dataset +n +coverage +Att\. +Not att\. +Micro-F1 +95% CI' "$tmp/out" || fail "group header: $(cat "$tmp/out")"
grep -qE '^LFQA +13 +84\.6% +0\.545 +0\.615 +0\.538 +\[' "$tmp/out" || fail "LFQA row: $(cat "$tmp/out")"
"$caqa" score $B/pred_binary.jsonl --gold $B/gold_binary.jsonl --group-by src_dataset --json >"$tmp/json" 2>/dev/null ||
  fail "binary --json"
/usr/bin/python3 - "$tmp/json" <<'PY' || fail "binary JSON"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["per_complexity"] is None, r["per_complexity"]
assert [g["name"] for g in r["per_group"]["groups"]] == ["ExpertQA", "LFQA", "AttributedQA", "HAGRID"]
assert all("micro_f1_ci" in g for g in r["per_group"]["groups"])
PY

# --scheme wins over the gold's "scheme": the binary gold's labels are no CAQA labels.
"$caqa" score $B/pred_binary.jsonl --gold $B/gold_binary.jsonl --scheme caqa4 >/dev/null 2>"$tmp/err"
[ $? = 2 ] || fail "--scheme caqa4 on binary gold should be unusable"
grep -qF "gold_binary.jsonl:2:" "$tmp/err" || fail "--scheme caqa4: $(cat "$tmp/err")"

printf '%s\n' '{"id":1,"label":"attributable","scheme":"binary"}' '{"id":2,"label":"no","scheme":"support3"}' \
  >"$tmp/mixed_scheme.jsonl"
"$caqa" score $B/pred_binary.jsonl --gold "$tmp/mixed_scheme.jsonl" >/dev/null 2>"$tmp/err"
[ $? = 2 ] || fail "mixed schemes: exit"
grep -qF 'mixed_scheme.jsonl:2:31: error[scheme_mismatch]: expected "scheme": "binary" as on line 1, found "support3"' \
  "$tmp/err" || fail "mixed schemes: $(cat "$tmp/err")"

printf '%s\n' '{"id":1,"label":"supportive","complexity":"single"}' '{"id":2,"label":"supportive"}' \
  >"$tmp/mixed_complexity.jsonl"
"$caqa" score $B/pred_binary.jsonl --gold "$tmp/mixed_complexity.jsonl" >/dev/null 2>"$tmp/err"
[ $? = 2 ] || fail "mixed complexity: exit"
grep -qF 'mixed_complexity.jsonl:2:1: error[missing_complexity]: expected a "complexity" key as on line 1' "$tmp/err" ||
  fail "mixed complexity: $(cat "$tmp/err")"
echo "ok: other benchmarks' gold files score from the CLI"
