# A throwaway Virtuoso (Debian's virtuoso-opensource 7) on 127.0.0.1, for the SPARQL
# parity test and bench; sourced, not run. Everything lives in one folder (database, log,
# its own virtuoso.ini with free ports); nothing else on the machine is touched.
#   virtuoso_local_start DIR        start it (DIR/db), wait until it answers; sets
#                                   VIRTUOSO_PID, VIRTUOSO_SQL_PORT, VIRTUOSO_ENDPOINT
#   virtuoso_local_load DIR FILE G  load DIR/FILE (N-Triples; DIR must be under the start DIR) into graph G
#   virtuoso_local_stop             stop it (call from an EXIT trap)
#   fb15k_ntriples TOOL DIR         FB15k-237 (../shared/data/fb15k-237) extracted to DIR/fb15k and
#                                   converted by TOOL (caqa_fb15k_ntriples) to DIR/load/fb15k-237.nt

virtuoso_local_start() {
  local dir=$1 ports
  mkdir -p "$dir/db" "$dir/load"
  ports=$(python3 -c '
import socket
socks = [socket.socket() for _ in range(2)]
for s in socks: s.bind(("127.0.0.1", 0))
print(*[s.getsockname()[1] for s in socks])') || return 1
  read -r VIRTUOSO_SQL_PORT http_port <<<"$ports"
  cat > "$dir/virtuoso.ini" <<INI
[Database]
DatabaseFile = $dir/db/virtuoso.db
ErrorLogFile = $dir/db/virtuoso.log
LockFile = $dir/db/virtuoso.lck
TransactionFile = $dir/db/virtuoso.trx
xa_persistent_file = $dir/db/virtuoso.pxa
ErrorLogLevel = 7
FileExtend = 200
MaxCheckpointRemap = 2000
Striping = 0
TempStorage = TempDatabase
[TempDatabase]
DatabaseFile = $dir/db/virtuoso-temp.db
TransactionFile = $dir/db/virtuoso-temp.trx
MaxCheckpointRemap = 2000
Striping = 0
[Parameters]
ServerPort = 127.0.0.1:$VIRTUOSO_SQL_PORT
DisableUnixSocket = 1
CaseMode = 2
DirsAllowed = ., $dir/load
NumberOfBuffers = 40000
MaxDirtyBuffers = 30000
ThreadsPerQuery = 2
MaxClientConnections = 10
CheckpointInterval = 0
[HTTPServer]
ServerPort = 127.0.0.1:$http_port
ServerRoot = $dir/db
ServerThreads = 8
MaxClientConnections = 8
Charset = UTF-8
[SPARQL]
; fewer pages: caqa build's batched queries return more rows than the default 10000
ResultSetMaxRows = 1000000
MaxQueryCostEstimationTime = 0
MaxQueryExecutionTime = 0
INI
  (cd "$dir/db" && exec virtuoso-t +foreground +configfile "$dir/virtuoso.ini" >"$dir/db/stdout.log" 2>&1) &
  VIRTUOSO_PID=$!
  VIRTUOSO_DIR=$dir
  VIRTUOSO_ENDPOINT="http://127.0.0.1:$http_port/sparql"
  local _
  for _ in $(seq 120); do
    if isql-vt "127.0.0.1:$VIRTUOSO_SQL_PORT" dba dba exec="status();" >/dev/null 2>&1; then return 0; fi
    if ! kill -0 "$VIRTUOSO_PID" 2>/dev/null; then
      echo "virtuoso-t exited at start: $(tail -5 "$dir/db/stdout.log")"
      return 1
    fi
    sleep 0.5
  done
  echo "virtuoso-t did not answer on 127.0.0.1:$VIRTUOSO_SQL_PORT within 60 s"
  return 1
}

virtuoso_local_load() {
  local dir=$1 file=$2 graph=$3
  isql-vt "127.0.0.1:$VIRTUOSO_SQL_PORT" dba dba \
    exec="ld_dir('$dir', '$file', '$graph'); rdf_loader_run(); checkpoint;" >"$VIRTUOSO_DIR/load.log" 2>&1 ||
    { echo "loading $file: $(tail -5 "$VIRTUOSO_DIR/load.log")"; return 1; }
  # ll_state 2 = done, ll_error NULL = without error
  isql-vt "127.0.0.1:$VIRTUOSO_SQL_PORT" dba dba exec="SELECT ll_state, ll_error FROM DB.DBA.LOAD_LIST;" 2>&1 |
    grep -q "^2 *NULL" || { echo "the loader did not finish $file cleanly"; return 1; }
}

virtuoso_local_stop() {
  if [ -n "${VIRTUOSO_PID:-}" ] && kill -0 "$VIRTUOSO_PID" 2>/dev/null; then
    kill "$VIRTUOSO_PID"
    local _
    for _ in $(seq 50); do kill -0 "$VIRTUOSO_PID" 2>/dev/null || return 0; sleep 0.2; done
    kill -9 "$VIRTUOSO_PID" 2>/dev/null
  fi
  return 0
}

fb15k_ntriples() {
  local tool=$1 dir=$2 fb=../shared/data/fb15k-237
  mkdir -p "$dir/fb15k" "$dir/load"
  tar xzf "$fb/FB15k-237.tar.gz" -C "$dir/fb15k" && cp "$fb/entity2text.txt" "$dir/fb15k/" &&
    "$tool" "$dir/fb15k" >"$dir/load/fb15k-237.nt"
}
