#!/usr/bin/env bash
# cli.installed: an installed caqa works with the source tree out of reach (issue 12).
#   installed_test.sh BUILD_DIR SOURCE_DIR
# Installs into a temporary prefix, copies the installed tree elsewhere, then runs it from
# a third directory with SOURCE_DIR hidden under an empty tmpfs (unshare; without user
# namespaces the binary is instead checked to name no file of SOURCE_DIR/data).
# Exit 77 (skipped) when cmake --install is not possible.
set -u
build=$1 src=$(cd "$2" && pwd)
fail() { echo "FAIL: $*"; exit 1; }

command -v cmake >/dev/null || { echo "skipped: no cmake to run cmake --install"; exit 77; }
[ -f "$build/cmake_install.cmake" ] || { echo "skipped: $build has no install rules"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmake --install "$build" --prefix "$tmp/p" >"$tmp/install.log" 2>&1 ||
  { cat "$tmp/install.log"; echo "skipped: cmake --install failed (build every target first)"; exit 77; }

for f in bin/caqa share/caqa/prompts/index.json share/caqa/prompts/gpt_zero_shot.txt share/caqa/web/index.html \
  share/caqa/web/worker.js share/caqa/web/vocab.js; do
  [ -f "$tmp/p/$f" ] || fail "not installed: $f"
done
# Another prefix than the one installed into: nothing may depend on the install path either.
cp -a "$tmp/p" "$tmp/copy"
mkdir "$tmp/run"
grep -aqF "$src/data" "$tmp/copy/bin/caqa" && fail "bin/caqa names $src/data"

# A one-answer OpenAI-compatible server (eval's preflight asks GET /v1/models first).
python3 - "$tmp/port" <<'SERVER' &
import http.server, json, sys
class H(http.server.BaseHTTPRequestHandler):
    def reply(self, body):
        self.send_response(200); self.send_header("Content-Type", "application/json"); self.end_headers()
        self.wfile.write(json.dumps(body).encode())
    def do_GET(self): self.reply({"data": [{"id": "m"}]})
    def do_POST(self):
        self.rfile.read(int(self.headers["Content-Length"]))
        self.reply({"choices": [{"message": {"content": "Supportive"}}]})
    def log_message(self, *args): pass
s = http.server.HTTPServer(("127.0.0.1", 0), H)
open(sys.argv[1] + ".tmp", "w").write(str(s.server_port)); __import__("os").rename(sys.argv[1] + ".tmp", sys.argv[1])
s.serve_forever()
SERVER
server=$!
trap 'kill $server; rm -rf "$tmp"' EXIT
for _ in $(seq 100); do [ -f "$tmp/port" ] && break; sleep 0.05; done
port=$(cat "$tmp/port") || fail "the fake server did not start"

# Inside: build the default benchmark, show eval's help, and judge one sample.
cat >"$tmp/inside.sh" <<'INSIDE'
set -u
cd "$1/run"
caqa=$1/copy/bin/caqa
"$caqa" build -q -o b || { echo "FAIL: caqa build exited $?"; exit 1; }
"$caqa" eval --help >help.txt || { echo "FAIL: caqa eval --help exited $?"; exit 1; }
"$caqa" eval --gold b/test.jsonl --endpoint http://127.0.0.1:$2 --model m --limit 1 --max-retries 0 --quiet \
  -o pred.jsonl 2>eval.err
echo "eval exit $?: $(head -c 300 eval.err)"
INSIDE
if unshare -rm true 2>/dev/null; then
  echo "source tree hidden: $src under an empty tmpfs"
  unshare -rm bash -c 'mount -t tmpfs none "$1" && bash "$2/inside.sh" "$2" "$3"' _ "$src" "$tmp" "$port" || exit 1
else
  echo "no user namespaces: $src stays in place (bin/caqa names no file under it, checked above)"
  bash "$tmp/inside.sh" "$tmp" "$port" || exit 1
fi

run=$tmp/run
grep -qF "$src" "$run/help.txt" && fail "eval --help shows the build path: $(grep -F "$src" "$run/help.txt")"
grep -q -- "--prompt-dir" "$run/help.txt" || fail "eval --help has no --prompt-dir"
grep -qiE "prompt|index\.json" "$run/eval.err" && fail "eval could not find its prompts: $(cat "$run/eval.err")"
[ -s "$run/pred.jsonl" ] || fail "eval judged nothing: $(cat "$run/eval.err")"
# Same bytes as the build tree's caqa, and the prompt set as in data/prompts.
# ctest built it once (CAQA_DEFAULT_BENCHMARK); run alone, the script builds its own.
reference=${CAQA_DEFAULT_BENCHMARK:-$tmp/reference}
[ -n "${CAQA_DEFAULT_BENCHMARK:-}" ] || "$build/native/caqa" build -q -o "$reference" || fail "reference build"
for f in train.jsonl test.jsonl manifest.json statistics.md; do
  cmp -s "$run/b/$f" "$reference/$f" || fail "installed caqa build: $f differs from the build tree's"
done
want=$(sha256sum "$src/data/prompts/gpt_zero_shot.txt" | cut -d' ' -f1)
grep -qF "$want" "$run/pred.jsonl.meta.json" || fail "eval's prompt SHA-256 is not data/prompts/gpt_zero_shot.txt's ($want)"
echo "ok: installed caqa build and eval work from $run with the source tree out of reach"
