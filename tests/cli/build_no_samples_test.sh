#!/usr/bin/env bash
# cli.build_no_samples: a build that gives no sample is an error that says why, and
# leaves the output folder as it was (issue 12: it used to write 0 samples and exit 0).
#   build_no_samples_test.sh CAQA   (run from the source tree)
set -u
caqa=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# Questions with no KG: none of their relations is in the (empty) graph.
"$caqa" build -q --questions data/default/questions.jsonl -o "$tmp/none" 2>"$tmp/err"
status=$?
[ "$status" = 1 ] || fail "exit $status, expected 1: $(cat "$tmp/err")"
grep -qF "no sample built from 397 question(s) over a KG of 0 triple(s): 397 skipped (query relation not in the KG)" \
  "$tmp/err" || fail "message: $(cat "$tmp/err")"
[ ! -e "$tmp/none" ] || fail "an output folder was created"

# Over an existing benchmark: left as it was.
# A copy of the one ctest built (CAQA_DEFAULT_BENCHMARK), or a build of our own when run alone.
if [ -n "${CAQA_DEFAULT_BENCHMARK:-}" ]; then
  cp -r "$CAQA_DEFAULT_BENCHMARK" "$tmp/old" || fail "copy of $CAQA_DEFAULT_BENCHMARK"
else
  "$caqa" build -q -o "$tmp/old" || fail "default build"
fi
before=$(cd "$tmp/old" && sha256sum *)
"$caqa" build -q --questions data/default/questions.jsonl -o "$tmp/old" 2>/dev/null && fail "exit 0 over a benchmark"
[ "$(cd "$tmp/old" && sha256sum *)" = "$before" ] || fail "the existing benchmark changed"
echo "ok: $(cat "$tmp/err")"
