#!/usr/bin/env bash
# caqa leaderboard: check passes on the repository's leaderboard/ without the sealed
# labels, fails with a precise message and exit 1 on a broken meta.json (in a temp copy),
# refuses what would read outside the submissions tree or past the limits, publish needs
# the sealed labels and is byte-stable, and no file of the repository holds them.
#   tests/cli/leaderboard_test.sh CAQA
set -euo pipefail
caqa=${1:?usage: leaderboard_test.sh CAQA}
cd "$(dirname "$0")/../.."
# The help in a variable first: grep -q stops reading at its match, and under pipefail the
# SIGPIPE that caqa may then get would read as "no leaderboard command" (a skip in a fresh CI).
help=$("$caqa" --help 2>&1)
if ! grep -qE "^ +leaderboard " <<<"$help"; then
  echo "skip: $caqa has no leaderboard command registered"; exit 77
fi
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

# ctest built the default benchmark once (CAQA_DEFAULT_BENCHMARK); run alone, build it here.
bench=${CAQA_DEFAULT_BENCHMARK:-$tmp/bench}
[ -n "${CAQA_DEFAULT_BENCHMARK:-}" ] || "$caqa" build -q -o "$bench"
"$caqa" leaderboard seal --benchmark "$bench" -o "$tmp/sealed" >/dev/null
# No tracked file of the repository holds the ranked split's labels (docs/leaderboard.md).
git ls-files -z | xargs -0 python3 scripts/check_sealed_labels.py "$tmp/sealed/ranked-gold.jsonl" \
  || fail "a file of the repository holds the ranked split's labels"
! python3 scripts/check_sealed_labels.py "$tmp/sealed/ranked-gold.jsonl" "$bench/test.jsonl" >/dev/null 2>&1 \
  || fail "the label check does not see the labels in test.jsonl"
"$caqa" leaderboard check --benchmark "$bench" >"$tmp/out" 2>"$tmp/err" || fail "check on leaderboard/: $(cat "$tmp/err")"
grep -q '^ok: ' "$tmp/out" || fail "check prints ok"
# Issue 12: a --dir without submissions/ exited 1 (an invalid submission), not 2 (usage).
mkdir -p "$tmp/empty_lb"
set +e; "$caqa" leaderboard check --dir "$tmp/empty_lb" --benchmark "$bench" >/dev/null 2>"$tmp/err"; rc=$?; set -e
[ "$rc" = 2 ] || fail "check without a submissions folder: exit $rc, expected 2"
grep -qF "no submissions folder" "$tmp/err" || fail "check without a submissions folder says so"
# Issue 12: a submission covering 13% of the test split passed check (here: 30 lines).
mkdir -p "$tmp/partial_lb" && cp -r leaderboard/submissions leaderboard/reported "$tmp/partial_lb/"
head -30 leaderboard/submissions/keyword-overlap/predictions.jsonl >"$tmp/partial_lb/submissions/keyword-overlap/predictions.jsonl"
set +e; "$caqa" leaderboard check --dir "$tmp/partial_lb" --benchmark "$bench" >/dev/null 2>"$tmp/err"; rc=$?; set -e
[ "$rc" = 1 ] || fail "check of a 13% submission: exit $rc, expected 1"
grep -qE "predicts 30 of the [0-9]+ test samples \([0-9.]+%\)" "$tmp/err" || fail "partial submission message: $(cat "$tmp/err")"

# A broken meta.json: wrong type, unknown setting, slug != folder.
cp -r leaderboard "$tmp/lb"
ks="$tmp/lb/submissions/keyword-overlap/meta.json"
python3 - "$ks" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
m["setting"] = "zeroshot"; m["size"] = 8; m["slug"] = "other-name"
json.dump(m, open(sys.argv[1], "w"))
PY
set +e; "$caqa" leaderboard check --dir "$tmp/lb" --benchmark "$bench" >/dev/null 2>"$tmp/err"; rc=$?; set -e
[ "$rc" = 1 ] || fail "broken meta.json: exit $rc, want 1"
grep -qF "$ks: \"size\": expected a string or null, found number 8" "$tmp/err" || fail "size type error: $(cat "$tmp/err")"
grep -qF "$ks: \"setting\": expected one of zero-shot, few-shot, fine-tuned, other, found \"zeroshot\"" "$tmp/err" || fail "setting error"
grep -qF "$ks: \"slug\": \"other-name\" must equal the folder name \"keyword-overlap\"" "$tmp/err" || fail "slug error"

# Invalid JSON, wrong benchmark version and a bad prediction line.
printf '{"slug": "keyword-overlap",' >"$ks"
set +e; "$caqa" leaderboard check --dir "$tmp/lb" --benchmark "$bench" 2>"$tmp/err"; rc=$?; set -e
[ "$rc" = 1 ] && grep -qF "$ks: not valid JSON at byte" "$tmp/err" || fail "invalid JSON: rc $rc $(cat "$tmp/err")"
cp leaderboard/submissions/keyword-overlap/meta.json "$ks"
sed -i 's/"benchmark_version": "[0-9a-f]/"benchmark_version": "x/' "$ks"
set +e; "$caqa" leaderboard check --dir "$tmp/lb" --benchmark "$bench" 2>"$tmp/err"; rc=$?; set -e
[ "$rc" = 1 ] && grep -qF '"benchmark_version": "x' "$tmp/err" || fail "benchmark version: rc $rc $(cat "$tmp/err")"
cp leaderboard/submissions/keyword-overlap/meta.json "$ks"
bad_line=$(($(wc -l <"$tmp/lb/submissions/keyword-overlap/predictions.jsonl") + 1))
echo '{"id": "0000000000000000", "label": ' >>"$tmp/lb/submissions/keyword-overlap/predictions.jsonl"
set +e; "$caqa" leaderboard check --dir "$tmp/lb" --benchmark "$bench" 2>"$tmp/err"; rc=$?; set -e
[ "$rc" = 1 ] && grep -q "predictions.jsonl:$bad_line:" "$tmp/err" || fail "bad prediction line: rc $rc $(cat "$tmp/err")"
set +e; "$caqa" leaderboard publish --dir "$tmp/lb" --benchmark "$bench" --sealed-gold "$tmp/sealed/ranked-gold.jsonl" -o "$tmp/never.json" 2>/dev/null; rc=$?; set -e
[ "$rc" = 1 ] && [ ! -e "$tmp/never.json" ] || fail "publish of an invalid submission: rc $rc"

# Issue 18: nothing outside the submissions tree is read, nothing past the limits, and the
# errors show nothing of the file. A secret the links point at must never reach the log.
harden() {  # harden NAME SETUP_COMMAND EXPECTED_TEXT
  rm -rf "$tmp/h" && mkdir -p "$tmp/h" && cp -r leaderboard/submissions leaderboard/reported "$tmp/h/"
  local sub="$tmp/h/submissions/keyword-overlap"
  (cd "$sub" && eval "$2")
  set +e; timeout 60 "$caqa" leaderboard check --dir "$tmp/h" --benchmark "$bench" >/dev/null 2>"$tmp/err"; rc=$?; set -e
  [ "$rc" = 1 ] || fail "$1: exit $rc, expected 1: $(head -c 600 "$tmp/err")"
  grep -qF -- "$3" "$tmp/err" || fail "$1: no \"$3\" in: $(head -c 600 "$tmp/err")"
  ! grep -q "0123456789abcdef\|TOP-SECRET" "$tmp/err" || fail "$1: the error echoes the file: $(head -c 600 "$tmp/err")"
}
printf '{"id": "0123456789abcdef", "label": "TOP-SECRET"}\n' >"$tmp/secret.jsonl"
harden "symlinked predictions" "rm predictions.jsonl && ln -s '$tmp/secret.jsonl' predictions.jsonl" "predictions.jsonl: error: is a symbolic link"
harden "symlinked meta.json" "rm meta.json && ln -s '$tmp/secret.jsonl' meta.json" "meta.json: error: is a symbolic link"
harden "symlinked folder" "cd .. && mkdir '$tmp/outside' && cp keyword-overlap/meta.json '$tmp/outside/' && cp '$tmp/secret.jsonl' '$tmp/outside/predictions.jsonl' && ln -s '$tmp/outside' linked" "linked: error: is a symbolic link"
harden "/dev/zero as gzip" "rm predictions.jsonl && ln -s /dev/zero predictions.jsonl.gz" "predictions.jsonl.gz: error: is a symbolic link"
harden "no predictions" "rm predictions.jsonl" "predictions.jsonl: error: is missing"
harden "a fifo" "rm predictions.jsonl && mkfifo predictions.jsonl" "predictions.jsonl: error: is not a regular file"
harden "oversized file" "truncate -s 65M predictions.jsonl" "predictions.jsonl: larger than the limit of 67108864 bytes"
harden "gzip bomb" "rm predictions.jsonl && head -c 70M /dev/zero | gzip -1 >predictions.jsonl.gz" "predictions.jsonl.gz: larger than the limit of 67108864 bytes once decompressed"
harden "oversized meta.json" "truncate -s 70K meta.json" "meta.json: larger than the limit of 65536 bytes"
harden "long meta string" "python3 -c 'import json; m = json.load(open(\"meta.json\")); m[\"description\"] = \"TOP-SECRET \" * 400; json.dump(m, open(\"meta.json\", \"w\"))'" "\"description\": expected at most 2000 characters, found 4400"
rm -rf "$tmp/h" "$tmp/outside"

# Publish needs the sealed labels, and refuses another benchmark's.
set +e; "$caqa" leaderboard publish --benchmark "$bench" -o "$tmp/never.json" 2>"$tmp/err"; rc=$?; set -e
[ "$rc" = 2 ] && grep -qF -- "--sealed-gold FILE or set CAQA_SEALED_GOLD" "$tmp/err" || fail "publish without sealed gold: rc $rc $(cat "$tmp/err")"
head -100 "$tmp/sealed/ranked-gold.jsonl" >"$tmp/short-gold.jsonl"
set +e; "$caqa" leaderboard publish --benchmark "$bench" --sealed-gold "$tmp/short-gold.jsonl" -o "$tmp/never.json" 2>"$tmp/err"; rc=$?; set -e
[ "$rc" = 2 ] && grep -qF "another benchmark version" "$tmp/err" || fail "publish with a wrong sealed gold: rc $rc $(cat "$tmp/err")"
[ ! -e "$tmp/never.json" ] || fail "a refused publish wrote a board"

# Publish twice (once building the benchmark itself, the sealed gold from the environment
# as a CI secret gives it): the same bytes; the numbers are the scorer's.
"$caqa" leaderboard publish --benchmark "$bench" --sealed-gold "$tmp/sealed/ranked-gold.jsonl" -o "$tmp/a.json" --entries "$tmp/entries" >/dev/null
mkdir "$tmp/dist"
CAQA_SEALED_GOLD="$tmp/sealed/ranked-gold.jsonl" "$caqa" leaderboard publish -o "$tmp/b.json" --dist "$tmp/dist" >/dev/null
cmp "$tmp/a.json" "$tmp/b.json" || fail "publish is not deterministic"
cmp "$tmp/a.json" "$tmp/dist/leaderboard.json" || fail "dist copy differs"
"$caqa" score leaderboard/submissions/keyword-overlap/predictions.jsonl --gold "$tmp/sealed/ranked-gold.jsonl" --json >"$tmp/score.json"
cmp <(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["micro_f1"])' "$tmp/entries/keyword-overlap.json") \
    <(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["micro_f1"])' "$tmp/score.json") || fail "entry report != caqa score"
python3 - "$tmp/a.json" "$tmp/score.json" <<'PY'
import json, sys
board, score = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
row = next(e for e in board["verified"] if e["slug"] == "keyword-overlap")
assert abs(row["micro_f1"] - score["micro_f1"]) < 1e-12, (row["micro_f1"], score["micro_f1"])
assert board["score_signature"] == score["signature"], (board["score_signature"], score["signature"])
slugs = {e["slug"] for e in board["verified"]}
assert {"trained-baseline", "lexical-bm25", "keyword-overlap"} <= slugs, slugs
assert board["benchmark"]["part"] == "ranked" and board["benchmark"]["n"] + board["benchmark"]["public_n"] > board["benchmark"]["n"]
assert {"baseline-always-supportive", "baseline-majority-train", "baseline-uniform-random"} <= slugs, slugs
assert all(e["rank"] == 1 + e["beaten_by"] for e in board["verified"])
assert board["reported"]["flag"] == "reported, not rescored, on the paper's own benchmark"
assert len(board["reported"]["entries"]) == 35
PY
# The leaderboard repository's CI workflow, run as GitHub would on a fixture pull request.
python3 tests/cli/leaderboard_workflow_test.py "$caqa" "$bench" || fail "the leaderboard workflow"
echo "ok: leaderboard check (valid, broken meta.json, bad JSON, version, bad line) and publish (deterministic, = caqa score); hardening; no sealed labels in the repository; CI workflow"
