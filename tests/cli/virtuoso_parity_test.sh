#!/usr/bin/env bash
# caqa build over a SPARQL endpoint against the same graph in memory (issue 17): a real
# Virtuoso (Debian's virtuoso-opensource) started here on 127.0.0.1 in a temporary folder
# (its own virtuoso.ini, free ports, stopped at the end), loaded with FB15k-237 as Freebase
# N-Triples (caqa_fb15k_ntriples), then the WebQSP and GrailQA questions built twice: with
# --fb15k and with --sparql. train.jsonl, test.jsonl and statistics.md must be
# byte-identical, and manifest.json too but for its inputs and the endpoint. A second
# --sparql build must send no query (all from the cache) and give the same files.
# Exit 77 = skipped (data or Virtuoso absent), with the reason.
# Usage: tests/cli/virtuoso_parity_test.sh CAQA CAQA_FB15K_NTRIPLES  (from the repository root)
set -u
caqa=$1
to_ntriples=$2
data=../shared/data
fb=$data/fb15k-237
webqsp=$data/webqsp/WebQSP.test.jsonl
grailqa=$data/grailqa/grailqa.dev1000.jsonl
for f in "$fb/FB15k-237.tar.gz" "$fb/entity2text.txt" "$webqsp" "$grailqa"; do
  if [ ! -f "$f" ]; then echo "skipped: $f is absent"; exit 77; fi
done
if ! command -v virtuoso-t >/dev/null || ! command -v isql-vt >/dev/null; then
  echo "skipped: virtuoso-t / isql-vt not installed (apt-get install virtuoso-opensource)"; exit 77
fi

. scripts/virtuoso_local.sh
tmp=$(mktemp -d)
trap 'virtuoso_local_stop; rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; [ -f "$tmp/db/virtuoso.log" ] && tail -20 "$tmp/db/virtuoso.log"; exit 1; }

fb15k_ntriples "$to_ntriples" "$tmp" || fail "FB15k-237 to N-Triples"
virtuoso_local_start "$tmp" || fail "starting Virtuoso"
echo "virtuoso-t up after ${SECONDS}s"
graph=http://caqa.test/fb15k-237
virtuoso_local_load "$tmp/load" fb15k-237.nt "$graph" || fail "loading FB15k-237"
echo "$(wc -l < "$tmp/load/fb15k-237.nt") N-Triples loaded after ${SECONDS}s"
endpoint=$VIRTUOSO_ENDPOINT

questions=(--webqsp "$webqsp" --grailqa "$grailqa" --no-audit)
"$caqa" build -q --fb15k "$tmp/fb15k" "${questions[@]}" -o "$tmp/memory" || fail "caqa build --fb15k exited $?"
for run in cold warm; do
  "$caqa" build --sparql "$endpoint" --graph "$graph" --sparql-cache "$tmp/sparql-cache.jsonl" "${questions[@]}" \
    -o "$tmp/sparql-$run" > "$tmp/sparql-$run.out" 2> "$tmp/sparql-$run.err" ||
    { cat "$tmp/sparql-$run.err"; fail "caqa build --sparql ($run cache) exited $?"; }
  echo "$run: $(grep "^sparql: " "$tmp/sparql-$run.err") (at ${SECONDS}s)"
  for f in train.jsonl test.jsonl statistics.md; do
    cmp "$tmp/memory/$f" "$tmp/sparql-$run/$f" || fail "$f differs in memory and over SPARQL ($run cache)"
  done
  python3 - "$tmp/memory/manifest.json" "$tmp/sparql-$run/manifest.json" <<'PY' || fail "manifest.json differs beyond inputs and kg endpoint ($run cache)"
import json, sys
memory, sparql = (json.load(open(p)) for p in sys.argv[1:])
assert sparql["kg"].pop("sparql_endpoint") and sparql["kg"].pop("graph")
for m in (memory, sparql): m.pop("inputs")
if memory != sparql:
    for k in memory:
        if memory[k] != sparql.get(k): print(f"manifest {k}: {memory[k]} != {sparql.get(k)}")
    sys.exit(1)
PY
done
grep -q "; 0 sent" "$tmp/sparql-warm.err" || fail "the warm build sent queries: $(grep '^sparql: ' "$tmp/sparql-warm.err")"
echo "$(wc -l < "$tmp/memory/train.jsonl") train + $(wc -l < "$tmp/memory/test.jsonl") test samples byte-identical in memory and over SPARQL (Virtuoso $(virtuoso-t -? 2>&1 | grep -m1 -o 'Version [0-9.]*'))"
echo "1 passed, 0 failed"
