#!/usr/bin/env bash
# caqa import as a user meets it: each format's fixture (tests/fixtures/import), exit
# codes, file:line errors, --skip-bad, several files, the sidecar, the mapped options
# (--label-map, --keep, several citation columns, docs[].text) through caqa score --group-by, --help.
# Usage: tests/cli/import_test.sh CAQA  (run from the repository root)
set -u
caqa=$1
F=tests/fixtures/import
passed=0
failed=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ok() { passed=$((passed + 1)); echo "ok   $1"; }
fail() { failed=$((failed + 1)); echo "FAIL $1"; }
check() {  # check NAME EXPECTED_EXIT COMMAND... ; output in $tmp/out, $tmp/err
  local name=$1 want=$2
  shift 2
  "$@" >"$tmp/out" 2>"$tmp/err"
  local got=$?
  if [ "$got" = "$want" ]; then ok "$name"; else fail "$name: exit $got, expected $want"; head -5 "$tmp/err"; fi
}
expect_text() {  # expect_text NAME FILE TEXT
  if grep -qF -- "$3" "$2"; then ok "$1"; else fail "$1: '$3' not in $2"; head -5 "$2"; fi
}
# sidecar_ok NAME GOLD ROWS SCHEME SOURCE...: rows, scheme on every line, each source's SHA-256.
sidecar_ok() {
  local name=$1 gold=$2 rows=$3 scheme=$4
  shift 4
  if python3 - "$gold" "$rows" "$scheme" "$@" <<'PY'; then ok "$name"; else fail "$name"; fi
import hashlib, json, sys
gold, rows, scheme, sources = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4:]
lines = [json.loads(l) for l in open(gold, encoding="utf-8")]
assert len(lines) == rows, (len(lines), rows)
assert all(l["scheme"] == scheme for l in lines), "scheme on every line"
assert len({l["id"] for l in lines}) == rows, "unique ids"
meta = json.load(open(gold + ".import.json"))
assert meta["scheme"] == scheme and meta["rows"] == rows
assert [s["sha256"] for s in meta["sources"]] == [hashlib.sha256(open(p, "rb").read()).hexdigest() for p in sources]
assert meta["sha256"] == hashlib.sha256(open(gold, "rb").read()).hexdigest()
PY
}

mapped_json=(--id-col meta.id --question-col q --answer-col a --citation-col docs --label-col gold --scheme binary)
mapped_csv=(--id-col pair_id --answer-col statement --citation-col source_text --label-col level --scheme support3)

# Each format: the good fixture imports, the malformed one fails with file:line and writes nothing.
for case in "caqa-release csv 4 caqa4" "alce csv 3 caqa4" "attrscore csv 3 caqa4" \
            "attributionbench jsonl 3 binary" "wice jsonl 3 support3"; do
  set -- $case
  check "$1: good fixture" 0 "$caqa" import "$1" "$F/$1/good.$2" -o "$tmp/$1.jsonl"
  sidecar_ok "$1: rows, scheme and sidecar" "$tmp/$1.jsonl" "$3" "$4" "$F/$1/good.$2"
  check "$1: malformed fixture fails" 1 "$caqa" import "$1" "$F/$1/malformed.$2" -o "$tmp/$1.bad.jsonl"
  expect_text "$1: error names file:line" "$tmp/err" "$F/$1/malformed.$2:2:"
  [ ! -e "$tmp/$1.bad.jsonl" ] && ok "$1: nothing written on failure" || fail "$1: wrote a file on failure"
done
check "mapped JSON Lines" 0 "$caqa" import mapped $F/mapped/good.jsonl "${mapped_json[@]}" -o "$tmp/mj.jsonl"
sidecar_ok "mapped JSON Lines: sidecar" "$tmp/mj.jsonl" 3 binary $F/mapped/good.jsonl
expect_text "mapped: mapping recorded" "$tmp/mj.jsonl.import.json" '"citation": "docs"'
check "mapped CSV" 0 "$caqa" import mapped $F/mapped/good.csv "${mapped_csv[@]}" -o "$tmp/mc.jsonl"
sidecar_ok "mapped CSV: sidecar" "$tmp/mc.jsonl" 3 support3 $F/mapped/good.csv
check "mapped malformed JSON Lines fails" 1 "$caqa" import mapped $F/mapped/malformed.jsonl "${mapped_json[@]}" -o "$tmp/x.jsonl"
expect_text "mapped: missing field named" "$tmp/err" "$F/mapped/malformed.jsonl:2: error[missing_field]: expected the field \"a\""
check "mapped malformed CSV fails" 1 "$caqa" import mapped $F/mapped/malformed.csv "${mapped_csv[@]}" -o "$tmp/x.jsonl"
expect_text "mapped CSV: duplicate id" "$tmp/err" "malformed.csv:4: error[duplicate_id]"

# The mapped options: --citation-col LIST[].FIELD, --label-map, --keep, in the one command of
# docs/import.md ("Labels, kept columns and lists of documents"); the kept column groups caqa score.
L=$F/mapped/three_annotators.jsonl
check "mapped: --label-map, --keep, docs[].text" 0 "$caqa" import mapped $L --scheme support3 --answer-col answer --question-col question --citation-col 'docs[].text' --label-col label --label-map supported=full,partially=partial,not_supported=no --keep setting -o "$tmp/levels.jsonl"
sidecar_ok "mapped options: sidecar" "$tmp/levels.jsonl" 6 support3 $L
expect_text "mapped options: titled references" "$tmp/levels.jsonl" '"citation":"[1] Axolotl: Axolotls feed on worms and insect larvae. [2] Amphibian diets: '
expect_text "mapped options: kept column" "$tmp/levels.jsonl" '"label":"partial","scheme":"support3","setting":"retrieval"}'
if python3 - "$tmp/levels.jsonl.import.json" <<'PY'; then ok "mapped options: sidecar records the map and kept"; else fail "mapped options: sidecar records the map and kept"; fi
import json, sys
m = json.load(open(sys.argv[1]))["mapping"]
assert m["label_map"] == {"supported": "full", "partially": "partial", "not_supported": "no"}, m
assert m["kept"] == ["setting"] and m["citation"] == "docs[].text", m
PY
printf '%s\n' '{"id":"row-1","label":"full"}' '{"id":"row-2","label":"full"}' '{"id":"row-3","label":"no"}' \
  '{"id":"row-4","label":"full"}' '{"id":"row-5","label":"partial"}' '{"id":"row-6","label":"partial"}' >"$tmp/levels.pred.jsonl"
check "score --group-by a kept column" 0 "$caqa" score "$tmp/levels.pred.jsonl" --gold "$tmp/levels.jsonl" --group-by setting --json
if python3 - "$tmp/out" <<'PY'; then ok "score --group-by: one row per setting"; else fail "score --group-by: one row per setting"; fi
import json, sys
groups = {g["name"]: g for g in json.load(open(sys.argv[1]))["per_group"]["groups"]}
assert sorted(groups) == ["closed-book", "retrieval"], groups.keys()
assert groups["closed-book"]["micro_f1"] == 1.0 and abs(groups["retrieval"]["micro_f1"] - 1 / 3) < 1e-12
PY
check "several citation columns" 0 "$caqa" import mapped $L --scheme support3 --answer-col answer --citation-col question,answer --label-col annotator_1 --label-map partially=partial -o "$tmp/cols.jsonl"
expect_text "several citation columns: numbered" "$tmp/cols.jsonl" '"citation":"[1] When did the Trans-Siberian Railway open? [2] The Trans-Siberian'
check "a list path on a string" 1 "$caqa" import mapped $L --scheme support3 --answer-col answer --citation-col 'answer[].text' --label-col label -o "$tmp/x.jsonl"
expect_text "a list path on a string: row, column, found" "$tmp/err" "$L:1:85: error[bad_field_type]: expected a list of objects at \"answer\" for \"answer[].text\", found a string"
check "--label-map item without =" 2 "$caqa" import mapped $L --scheme support3 --answer-col answer --citation-col 'docs[].text' --label-col label --label-map supported -o "$tmp/x.jsonl"
expect_text "--label-map: item named" "$tmp/err" '--label-map item "supported": expected SRC=CLASS'
check "--label-map class outside the scheme" 2 "$caqa" import mapped $L --scheme support3 --answer-col answer --citation-col 'docs[].text' --label-col label --label-map partially=half -o "$tmp/x.jsonl"
check "--label-map SRC twice" 2 "$caqa" import mapped $L --scheme support3 --answer-col answer --citation-col 'docs[].text' --label-col label --label-map a=full,A=no -o "$tmp/x.jsonl"
check "--keep a gold key" 2 "$caqa" import mapped $L --scheme support3 --answer-col answer --citation-col 'docs[].text' --label-col label --keep split -o "$tmp/x.jsonl"
expect_text "--keep a gold key: named" "$tmp/err" '--keep "split": a gold line has its own "split"'
check "--keep with a fixed format" 2 "$caqa" import wice $F/wice/good.jsonl --keep meta -o "$tmp/x.jsonl"

# --skip-bad drops and counts.
check "--skip-bad imports the good rows" 0 "$caqa" import attributionbench $F/attributionbench/malformed.jsonl --skip-bad -o "$tmp/skip.jsonl"
expect_text "--skip-bad: still reports" "$tmp/err" "error[invalid_label]"
expect_text "--skip-bad: counted" "$tmp/err" "5 bad rows skipped"
expect_text "--skip-bad: sidecar counts" "$tmp/skip.jsonl.import.json" '"skipped_bad": 5'
[ "$(wc -l <"$tmp/skip.jsonl")" = 1 ] && ok "--skip-bad: one row left" || fail "--skip-bad: one row left"

# Several files concatenate; row ids take the file stem; a repeated file repeats ids.
check "two files" 0 "$caqa" import caqa-release $F/caqa-release/good.csv $F/caqa-release/good_ids.csv -o "$tmp/two.jsonl"
sidecar_ok "two files: both sources hashed" "$tmp/two.jsonl" 6 caqa4 $F/caqa-release/good.csv $F/caqa-release/good_ids.csv
expect_text "two files: stem row ids" "$tmp/two.jsonl" '"id":"good-1"'
check "the same file twice: duplicate ids" 1 "$caqa" import wice $F/wice/good.jsonl $F/wice/good.jsonl -o "$tmp/dup.jsonl"
expect_text "duplicate across files names the first" "$tmp/err" "(first on $F/wice/good.jsonl:1)"
check "standard input" 0 bash -c "'$caqa' import alce - -o '$tmp/stdin.jsonl' <$F/alce/good.csv"

# Usage errors.
check "mapped without --scheme" 2 "$caqa" import mapped $F/mapped/good.csv --answer-col statement --citation-col source_text --label-col level -o "$tmp/x.jsonl"
check "--scheme with a fixed format" 2 "$caqa" import wice $F/wice/good.jsonl --scheme binary -o "$tmp/x.jsonl"
check "unknown format" 2 "$caqa" import fever $F/wice/good.jsonl -o "$tmp/x.jsonl"
check "missing column" 1 "$caqa" import mapped $F/mapped/good.csv --answer-col claim --citation-col source_text --label-col level --scheme support3 -o "$tmp/x.jsonl"
expect_text "missing column: header named" "$tmp/err" ":1:1: error[csv_header]: expected a column named \"claim\""
check "unreadable file" 2 "$caqa" import alce "$tmp/nope.csv" -o "$tmp/x.jsonl"

# --help teaches every format with an example.
check "--help" 0 "$caqa" import --help
for format in caqa-release alce attributionbench attrscore wice mapped; do
  expect_text "--help: example for $format" "$tmp/out" "caqa import $format "
done
for option in "--label-map SRC=CLASS,..." "--keep NAME,..." "--citation-col NAME,..." "docs[].text"; do
  expect_text "--help: $option" "$tmp/out" "$option"
done

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
