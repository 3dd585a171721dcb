#!/usr/bin/env bash
# The CLI as a user meets it: exit codes, output formats, --help, atomic --output.
# Usage: tests/cli/commands_test.sh CAQA  (run from the repository root)
set -u
caqa=$1
D=data/examples
passed=0
failed=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

check() {  # check NAME EXPECTED_EXIT COMMAND... ; output in $tmp/out, $tmp/err
  local name=$1 want=$2
  shift 2
  "$@" >"$tmp/out" 2>"$tmp/err"
  local got=$?
  if [ "$got" = "$want" ]; then passed=$((passed + 1)); echo "ok   $name"
  else failed=$((failed + 1)); echo "FAIL $name: exit $got, expected $want"; head -5 "$tmp/err"; fi
}
expect_text() {  # expect_text NAME FILE TEXT
  if grep -qF -- "$3" "$2"; then passed=$((passed + 1)); echo "ok   $1"
  else failed=$((failed + 1)); echo "FAIL $1: '$3' not in $2"; head -5 "$2"; fi
}

check "score: several files, one row each" 0 "$caqa" score $D/pred_good.jsonl $D/pred_weak.jsonl --gold $D/benchmark.jsonl
expect_text "score: table has both rows" "$tmp/out" "pred_weak.jsonl"
expect_text "score: notes missing predictions" "$tmp/err" "2 missing"
check "score --json" 0 "$caqa" score $D/pred_good.jsonl --gold $D/benchmark.jsonl --json
python3 -c "import json,sys; r=json.load(open('$tmp/out')); assert r['signature'].startswith('caqa-score:1|split:test|n:48|'), r['signature']; assert len(r['gold_sha256'])==64" \
  && { passed=$((passed + 1)); echo "ok   score --json: signature and gold hash"; } \
  || { failed=$((failed + 1)); echo "FAIL score --json: signature and gold hash"; }
check "score --json twice gives the same bytes" 0 bash -c "cmp <('$caqa' score $D/pred_weak.jsonl --gold $D/benchmark.jsonl --json 2>/dev/null) <('$caqa' score $D/pred_weak.jsonl --gold $D/benchmark.jsonl --json 2>/dev/null)"
# Issue 12: the overview showed `kalma QUESTIONS ANSWERS`, which fails: every --flag the
# overview names must be one its subcommand accepts.
"$caqa" --help >"$tmp/overview" 2>&1
python3 - "$caqa" "$tmp/overview" >"$tmp/unknown_flags" <<'PY'
import re, subprocess, sys
caqa, overview = sys.argv[1], open(sys.argv[2]).read()
for line in overview.splitlines():
    m = re.match(r"  caqa ([a-z-]+) (.*?)(?:  +|$)", line)
    if not m: continue
    sub, usage = m.group(1), m.group(2).split()
    helptext = subprocess.run([caqa, sub, "--help"], capture_output=True, text=True).stdout
    for i, word in enumerate(usage):
        flag = re.match(r"\[?(--[a-z][a-z-]*)", word)
        if flag and flag.group(1) not in helptext: print(sub, flag.group(1))
        # An argument word (QUESTIONS, PRED...) not after a flag is a positional.
        if re.fullmatch(r"[A-Z][A-Z.]*(\.\.\.)?", word) and not (i and usage[i - 1].startswith("-")) \
                and "Positionals:" not in helptext:
            print(sub, word, "(no positional arguments)")
PY
check "--help: the overview names only flags and arguments its subcommands take" 0 test ! -s "$tmp/unknown_flags"
# Issue 12: a negative seed wrapped to 18446744073709551615, --bootstrap had no cap.
check "score --seed -1 is a usage error" 2 "$caqa" score $D/pred_good.jsonl --gold $D/benchmark.jsonl --seed -1
check "score --bootstrap over the cap is a usage error" 2 "$caqa" score $D/pred_good.jsonl --gold $D/benchmark.jsonl --bootstrap 10000000
check "meta --seed -1 is a usage error" 2 "$caqa" meta $D/pred_good.jsonl --gold $D/benchmark.jsonl --seed -1
check "score --level 0.9" 0 "$caqa" score $D/pred_good.jsonl --gold $D/benchmark.jsonl --level 0.9
expect_text "score --level 0.9: the table says 90% CI" "$tmp/out" "90% CI"
check "compare --bootstrap 0" 0 "$caqa" compare $D/pred_good.jsonl $D/pred_weak.jsonl --gold $D/benchmark.jsonl --bootstrap 0
expect_text "compare --bootstrap 0: no CI, no p-value" "$tmp/out" "no CI and no p-value"
printf '{"id":"ex-001","label":"supportive"}\n{"id":"ex-002","label":"irrelevant"}\n' >"$tmp/no_scores.jsonl"
check "meta on a file without scores is an error" 1 "$caqa" meta "$tmp/no_scores.jsonl" --gold $D/benchmark.jsonl
expect_text "meta without scores says why" "$tmp/err" "nothing to evaluate"
printf '{"id":"x1","label":"supportive"}\n' >"$tmp/other_split.jsonl"
check "score of ids from another split is an error" 1 "$caqa" score "$tmp/other_split.jsonl" --gold $D/benchmark.jsonl
expect_text "score of another split hints at --split" "$tmp/err" "(--split?)"
# Issue 12: a .gz cut before its CRC trailer was accepted; /dev/stdin was refused.
gzip -c $D/pred_good.jsonl >"$tmp/whole.jsonl.gz"
head -c -8 "$tmp/whole.jsonl.gz" >"$tmp/cut.jsonl.gz"
check "score of a whole .gz" 0 "$caqa" score "$tmp/whole.jsonl.gz" --gold $D/benchmark.jsonl
check "score of a .gz without its trailer is refused" 2 "$caqa" score "$tmp/cut.jsonl.gz" --gold $D/benchmark.jsonl
expect_text "a cut .gz says why" "$tmp/err" "truncated gzip"
check "score /dev/stdin" 0 bash -c "'$caqa' score /dev/stdin --gold $D/benchmark.jsonl <$D/pred_good.jsonl"
check "score of a directory is refused" 2 "$caqa" score $D --gold $D/benchmark.jsonl
# Issue 12: one invalid file in a multi-file score stopped every file.
check "score of a good and a malformed file exits 1" 1 "$caqa" score $D/pred_good.jsonl $D/pred_malformed.jsonl --gold $D/benchmark.jsonl
expect_text "the good file is still reported" "$tmp/out" "pred_good.jsonl"
# Issue 12: -o over an input, through a symlink, onto a device; a full stdout.
cp $D/pred_good.jsonl "$tmp/pred.jsonl"
check "score -o onto its own input is refused" 2 "$caqa" score "$tmp/pred.jsonl" --gold $D/benchmark.jsonl -o "$tmp/pred.jsonl"
cmp -s $D/pred_good.jsonl "$tmp/pred.jsonl" && { passed=$((passed + 1)); echo "ok   the input is untouched"; } \
  || { failed=$((failed + 1)); echo "FAIL the input was overwritten"; }
cp $D/benchmark.jsonl "$tmp/bench.jsonl"
check "export-gold -o onto its input is refused" 2 "$caqa" export-gold "$tmp/bench.jsonl" -o "$tmp/bench.jsonl"
ln -s "$tmp/through.txt" "$tmp/link.txt"
check "score -o through a symlink" 0 "$caqa" score $D/pred_good.jsonl --gold $D/benchmark.jsonl -o "$tmp/link.txt"
[ -L "$tmp/link.txt" ] && [ -s "$tmp/through.txt" ] && { passed=$((passed + 1)); echo "ok   the link stays, its target is written"; } \
  || { failed=$((failed + 1)); echo "FAIL the symlink was replaced"; }
check "score -o /dev/null" 0 "$caqa" score $D/pred_good.jsonl --gold $D/benchmark.jsonl -o /dev/null
[ -c /dev/null ] && { passed=$((passed + 1)); echo "ok   /dev/null is still a device"; } || { failed=$((failed + 1)); echo "FAIL /dev/null replaced"; }
check "score -o - writes standard output" 0 "$caqa" score $D/pred_good.jsonl --gold $D/benchmark.jsonl -o -
expect_text "score -o -: the table is on stdout" "$tmp/out" "pred_good.jsonl"
[ ! -e ./- ] && { passed=$((passed + 1)); echo "ok   no file named -"; } || { failed=$((failed + 1)); echo "FAIL a file named - was written"; rm -f ./-; }
if [ -w /dev/full ]; then
  check "score > /dev/full is an error" 2 bash -c "'$caqa' score $D/pred_good.jsonl --gold $D/benchmark.jsonl >/dev/full"
fi
# Issue 12: auto-detection ignored a .csv extension.
printf 'label,id\nsupportive,ex-001\n' >"$tmp/columns_swapped.csv"
check "a .csv file is read as CSV whatever its first column" 0 "$caqa" score "$tmp/columns_swapped.csv" --gold $D/benchmark.jsonl
check "score --markdown" 0 "$caqa" score $D/pred_good.jsonl --gold $D/benchmark.jsonl --markdown
expect_text "score --markdown: table" "$tmp/out" "| predictions | n | coverage |"
check "score --binary" 0 "$caqa" score $D/pred_weak.jsonl --gold $D/benchmark.jsonl --binary
expect_text "score --binary: binary columns" "$tmp/out" "Not att."
check "score --output writes atomically" 0 "$caqa" score $D/pred_good.jsonl --gold $D/benchmark.jsonl --json -o "$tmp/report.json"
[ -s "$tmp/report.json" ] && ! ls "$tmp"/report.json.tmp-* >/dev/null 2>&1 \
  && { passed=$((passed + 1)); echo "ok   --output file complete, no temp left"; } \
  || { failed=$((failed + 1)); echo "FAIL --output file"; }
check "score: malformed file is not scored" 1 "$caqa" score $D/pred_malformed.jsonl --gold $D/benchmark.jsonl
expect_text "score: says why" "$tmp/err" "was not scored"
check "score: --dup first accepts repeats" 1 "$caqa" score $D/pred_malformed.jsonl --gold $D/benchmark.jsonl --dup first
check "score: --split with no such split" 2 "$caqa" score $D/pred_good.jsonl --gold $D/benchmark.jsonl --split dev
expect_text "score: no_gold_samples" "$tmp/err" "no_gold_samples"
check "score: missing file is an I/O error" 2 "$caqa" score "$tmp/nope.jsonl" --gold $D/benchmark.jsonl
check "score: missing --gold is a usage error" 2 "$caqa" score $D/pred_good.jsonl
check "score: unknown flag is a usage error" 2 "$caqa" score $D/pred_good.jsonl --gold $D/benchmark.jsonl --frobnicate
check "validate: good file" 0 "$caqa" validate $D/pred_good.jsonl --gold $D/benchmark.jsonl
expect_text "validate: says valid" "$tmp/out" ": valid"
check "validate: malformed file" 1 "$caqa" validate $D/pred_malformed.jsonl --gold $D/benchmark.jsonl
expect_text "validate: file:line:column" "$tmp/out" "pred_malformed.jsonl:3:"
check "validate --json" 1 "$caqa" validate $D/pred_malformed.jsonl --gold $D/benchmark.jsonl --json
expect_text "validate --json: duplicate_id" "$tmp/out" '"code": "duplicate_id"'
check "validate: stdin" 0 bash -c "'$caqa' validate - --gold $D/benchmark.jsonl < $D/pred_good.jsonl"
check "compare" 0 "$caqa" compare $D/pred_good.jsonl $D/pred_weak.jsonl --gold $D/benchmark.jsonl
expect_text "compare: p-values" "$tmp/out" "approximate randomization"
check "compare --json" 0 "$caqa" compare $D/pred_good.jsonl $D/pred_weak.jsonl --gold $D/benchmark.jsonl --json --metric f1:supportive
expect_text "compare --json: metric" "$tmp/out" '"metric": "f1:supportive"'
check "--help" 0 "$caqa" --help
expect_text "--help lists subcommands" "$tmp/out" "compare"
check "score --help teaches the metrics" 0 "$caqa" score --help
expect_text "score --help: micro-F1 definition" "$tmp/out" "equals accuracy"
check "validate --help lists the codes" 0 "$caqa" validate --help
expect_text "validate --help: codes" "$tmp/out" "unparseable_response"
check "--version" 0 "$caqa" --version

# caqa build on the embedded default: deterministic, verified, and the bundled
# predictions cover its test split (regenerate them with scripts/make_default_predictions.py).
# ctest builds it once for every test that reads it (CAQA_DEFAULT_BENCHMARK).
b1=${CAQA_DEFAULT_BENCHMARK:-}
if [ -z "$b1" ]; then
  b1=$tmp/b1
  check "build default" 0 "$caqa" build -q -o "$b1"
fi
check "build default again, on one thread" 0 "$caqa" build -q --threads 1 -o "$tmp/b2"
check "build: byte-identical outputs" 0 diff -r "$b1" "$tmp/b2"
python3 - "$b1/manifest.json" <<'PY' && { passed=$((passed + 1)); echo "ok   build: zero violations, every label and complexity"; } || { failed=$((failed + 1)); echo "FAIL build: manifest"; }
import json, sys
m = json.load(open(sys.argv[1]))
assert m["verification"]["violations"] == 0, m["verification"]
c = m["counts"]
assert all(v["train"] + v["test"] > 0 for v in c["labels"].values()), c["labels"]
assert all(v["train"] + v["test"] > 0 for v in c["complexities"].values()), c["complexities"]
assert len(m["inputs"]) == 9 and all(len(i["sha256"]) == 64 for i in m["inputs"]), [i["path"] for i in m["inputs"]]
# Issue 13: the default benchmark ranks evaluators (a test split of >= 2,000), every
# extended query was run over the KG, the filter and the audit are on record.
assert c["samples"]["test"] >= 2000, c["samples"]
assert m["verification"]["determinacy"]["checked"] > 0, m["verification"]
assert m["hardening"]["removed"] > 0 and "audit" in m and "audit_before_hardening" in m, list(m)
# Issue 33: union big enough to rank on, every contradiction by a rule on record, and
# the relation table the rules read.
assert c["complexities"]["union"]["test"] >= 300, c["complexities"]
assert sum(m["contradiction_rules"].values()) == c["labels"]["contradictory"]["train"] + c["labels"]["contradictory"]["test"]
assert any(d["functional"] for d in m["relations"]["directions"]) and m["relations"]["implied_fact_rules"] > 0
PY
check "build --levels: the paper's four" 0 "$caqa" build -q --levels single,union,intersection,concatenation -o "$tmp/b-paper"
check "build --levels: the paper's four are byte-identical to 1288bc1's build" 0 \
  bash -c "cd '$tmp/b-paper' && sha256sum --check --quiet '$PWD/tests/golden/benchmarks/paper_levels.sha256'"
check "build --levels: the later levels alone" 0 "$caqa" build -q --no-audit --levels comparison,negation -o "$tmp/b-later"
check "build --levels: only comparison and negation samples" 0 python3 -c '
import json, sys
c = json.load(open(sys.argv[1]))["counts"]["complexities"]
assert all((v["train"] + v["test"] > 0) == (k in ("comparison", "negation")) for k, v in c.items()), c' "$tmp/b-later/manifest.json"
check "build: bundled predictions match the test split" 0 "$caqa" validate data/examples/default/pred_keyword_overlap.jsonl --gold "$b1/test.jsonl"
expect_text "build: no missing predictions" "$tmp/out" "0 warning(s)"
# Without the filter and the audit (what the seed changes is the split; both cost a minute).
check "build --seed 7" 0 "$caqa" build -q --no-harden --no-audit --seed 7 -o "$tmp/b3"
check "build with the default seed" 0 "$caqa" build -q --no-harden --no-audit -o "$tmp/b3-default"
check "build: different seed, different bytes" 1 cmp -s "$tmp/b3-default/test.jsonl" "$tmp/b3/test.jsonl"
check "build: missing KG file is an I/O error" 2 "$caqa" build -q --kg "$tmp/none.tsv" --questions data/default/questions.jsonl -o "$tmp/b4"
check "build --strict fails on skipped inputs" 1 "$caqa" build -q --no-harden --no-audit --strict -o "$tmp/b5"

# caqa kalma on the paper's worked examples (tests/fixtures/kalma/paper/README.md)
K=tests/fixtures/kalma/paper
check "kalma" 0 "$caqa" kalma --questions $K/questions.jsonl --answers $K/answers.jsonl --judgments $K/judgments.jsonl --json
python3 -c "import json,sys; r=json.load(open('$tmp/out')); assert r['signature'].startswith('caqa-kalma:'), r['signature']" \
  && { passed=$((passed + 1)); echo "ok   kalma --json: signature"; } || { failed=$((failed + 1)); echo "FAIL kalma --json"; }
check "kalma --pairs" 0 "$caqa" kalma --questions $K/questions.jsonl --answers $K/answers.jsonl --pairs
check "kalma: answers file missing" 2 "$caqa" kalma --questions $K/questions.jsonl --answers "$tmp/none.jsonl"
printf '{"question_id": 1, "kg": "oops"}\n' > "$tmp/bad_questions.jsonl"
check "kalma: malformed questions" 1 "$caqa" kalma --questions "$tmp/bad_questions.jsonl" --answers $K/answers.jsonl

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
