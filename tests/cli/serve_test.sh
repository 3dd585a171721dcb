#!/usr/bin/env bash
# caqa serve: static files with the right Content-Type, no path traversal, no listing,
# exit 0 on SIGINT.   tests/cli/serve_test.sh CAQA   (exit 77 = skipped: no curl)
set -uo pipefail
caqa=${1:?usage: serve_test.sh CAQA}
command -v curl >/dev/null || { echo "skipped: curl is not installed"; exit 77; }
work=$(mktemp -d)
pid=
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

site=$work/site
mkdir -p "$site/sub" "$site/empty" "$site/.hidden"
echo '<!doctype html><title>t</title>' >"$site/index.html"
echo 'export const x = 1;' >"$site/app.js"
printf '\0asm\1\0\0\0' >"$site/caqa.wasm"
echo '{"a": 1}' >"$site/gold.jsonl.meta.json"
echo 'inner' >"$site/sub/index.html"
echo 'secret' >"$site/.hidden/x.txt"
echo 'outside' >"$work/outside.txt"
ln -s "$work/outside.txt" "$site/link.txt"

"$caqa" serve "$site" --port 0 2>"$work/stderr" &
pid=$!
port=
for _ in $(seq 100); do
  port=$(sed -n 's#.*http://127\.0\.0\.1:\([0-9]*\)/.*#\1#p' "$work/stderr")
  [ -n "$port" ] && break
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.05
done
[ -n "$port" ] || { echo "FAIL: caqa serve did not start"; cat "$work/stderr"; exit 1; }
base=http://127.0.0.1:$port
failed=0
expect() {  # expect STATUS [CONTENT_TYPE] PATH
  local want=$1 type=$2 path=$3 got
  got=$(curl -s --path-as-is -o "$work/body" -w '%{http_code} %{content_type}' "$base$path")
  if [ "${got%% *}" != "$want" ] || { [ -n "$type" ] && [ "${got#* }" != "$type" ]; }; then
    echo "FAIL: GET $path: got '$got', want $want ${type}"
    failed=1
  else
    echo "ok: GET $path -> $got"
  fi
}
expect 200 'text/html; charset=utf-8' /
expect 200 'text/html; charset=utf-8' /index.html
expect 200 'text/javascript; charset=utf-8' /app.js
expect 200 'application/wasm' /caqa.wasm
expect 200 'application/json' /gold.jsonl.meta.json
expect 200 'text/html; charset=utf-8' /sub/
expect 200 '' '/app.js?v=1'
for bad in '/../' '/%2e%2e/' '/..%2f' '/%2e%2e%2fetc%2fpasswd' '/sub/../../outside.txt' '/..%5coutside.txt' \
           '/%5c..%5coutside.txt' '//etc/passwd' '/./index.html' '/sub/%2E%2E/%2E%2E/outside.txt' '/%00' '/a%2'; do
  code=$(curl -s --path-as-is -o /dev/null -w '%{http_code}' "$base$bad")
  if [ "$code" = 400 ] || [ "$code" = 404 ]; then echo "ok: GET $bad -> $code"
  else echo "FAIL: GET $bad -> $code, want 400 or 404"; failed=1; fi
done
expect 404 '' /empty/
expect 404 '' /missing.js
expect 404 '' /.hidden/x.txt
expect 404 '' /link.txt
grep -q secret "$work/body" && { echo "FAIL: a hidden file was served"; failed=1; }
code=$(curl -s -o /dev/null -w '%{http_code}' -X POST --data 'x' "$base/index.html")
[ "$code" = 405 ] && echo "ok: POST -> 405" || { echo "FAIL: POST -> $code, want 405"; failed=1; }

kill -INT "$pid"
rc=0
for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.05; done
if kill -0 "$pid" 2>/dev/null; then echo "FAIL: caqa serve still running 5 s after SIGINT"; failed=1
else wait "$pid"; rc=$?; pid=
  [ "$rc" = 0 ] && echo "ok: SIGINT -> exit 0" || { echo "FAIL: exit $rc after SIGINT, want 0"; failed=1; }
fi
[ $failed = 0 ] && echo "serve_test: all passed" || echo "serve_test: FAILED"
exit $failed
