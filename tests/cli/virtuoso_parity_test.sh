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

tmp=$(mktemp -d)
server=
stop() {
  if [ -n "$server" ] && kill -0 "$server" 2>/dev/null; then
    kill "$server"
    for _ in $(seq 50); do kill -0 "$server" 2>/dev/null || break; sleep 0.2; done
    kill -9 "$server" 2>/dev/null
  fi
  rm -rf "$tmp"
}
trap stop EXIT
fail() { echo "FAIL: $*"; [ -f "$tmp/db/virtuoso.log" ] && tail -20 "$tmp/db/virtuoso.log"; exit 1; }

read -r sql_port http_port < <(python3 -c '
import socket
socks = [socket.socket() for _ in range(2)]
for s in socks: s.bind(("127.0.0.1", 0))
print(*[s.getsockname()[1] for s in socks])')
mkdir -p "$tmp/db" "$tmp/load" "$tmp/fb15k"
tar xzf "$fb/FB15k-237.tar.gz" -C "$tmp/fb15k" || fail "cannot extract $fb/FB15k-237.tar.gz"
cp "$fb/entity2text.txt" "$tmp/fb15k/"
"$to_ntriples" "$tmp/fb15k" > "$tmp/load/fb15k-237.nt" || fail "caqa_fb15k_ntriples exited $?"

cat > "$tmp/virtuoso.ini" <<INI
[Database]
DatabaseFile = $tmp/db/virtuoso.db
ErrorLogFile = $tmp/db/virtuoso.log
LockFile = $tmp/db/virtuoso.lck
TransactionFile = $tmp/db/virtuoso.trx
xa_persistent_file = $tmp/db/virtuoso.pxa
ErrorLogLevel = 7
FileExtend = 200
MaxCheckpointRemap = 2000
Striping = 0
TempStorage = TempDatabase
[TempDatabase]
DatabaseFile = $tmp/db/virtuoso-temp.db
TransactionFile = $tmp/db/virtuoso-temp.trx
MaxCheckpointRemap = 2000
Striping = 0
[Parameters]
ServerPort = 127.0.0.1:$sql_port
DisableUnixSocket = 1
CaseMode = 2
DirsAllowed = ., $tmp/load
NumberOfBuffers = 40000
MaxDirtyBuffers = 30000
ThreadsPerQuery = 2
MaxClientConnections = 10
CheckpointInterval = 0
[HTTPServer]
ServerPort = 127.0.0.1:$http_port
ServerRoot = $tmp/db
ServerThreads = 8
MaxClientConnections = 8
Charset = UTF-8
[SPARQL]
; the build's batched queries return more rows than the default 10000
ResultSetMaxRows = 1000000
MaxQueryCostEstimationTime = 0
MaxQueryExecutionTime = 0
INI

(cd "$tmp/db" && exec virtuoso-t +foreground +configfile "$tmp/virtuoso.ini" > "$tmp/db/stdout.log" 2>&1) &
server=$!
isql() { isql-vt "127.0.0.1:$sql_port" dba dba "$@"; }
up=
for _ in $(seq 120); do
  if isql exec="status();" >/dev/null 2>&1; then up=1; break; fi
  kill -0 "$server" 2>/dev/null || fail "virtuoso-t exited at start: $(tail -5 "$tmp/db/stdout.log")"
  sleep 0.5
done
[ -n "$up" ] || fail "virtuoso-t did not answer on 127.0.0.1:$sql_port within 60 s"
echo "virtuoso-t up after ${SECONDS}s"
graph=http://caqa.test/fb15k-237
isql exec="ld_dir('$tmp/load', 'fb15k-237.nt', '$graph'); rdf_loader_run(); checkpoint;" > "$tmp/load.log" 2>&1 ||
  fail "loading the N-Triples: $(tail -5 "$tmp/load.log")"
loaded=$(isql exec="SELECT ll_state, ll_error FROM DB.DBA.LOAD_LIST;" 2>&1 | grep -c "^2 *NULL") || true
[ "$loaded" = 1 ] || fail "the loader did not finish cleanly: $(isql exec='SELECT * FROM DB.DBA.LOAD_LIST;' 2>&1 | tail -5)"
endpoint="http://127.0.0.1:$http_port/sparql"
echo "$(wc -l < "$tmp/load/fb15k-237.nt") N-Triples loaded after ${SECONDS}s"

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
