#!/usr/bin/env bash
# Assembles the static leaderboard site in dist/: web/ + the WebAssembly scorer + the
# public split's gold and the ranked split's inputs (never its labels: docs/leaderboard.md)
# + Chart.js from web/node_modules (web/package-lock.json; no CDN, the site works offline).
#   scripts/build_site.sh [DIST_DIR]   (default dist)
# Environment: CAQA_NATIVE (default build/native/caqa), CAQA_WASM_BUILD (default build-wasm).
set -euo pipefail
cd "$(dirname "$0")/.."
dist=${1:-dist}
native=${CAQA_NATIVE:-build/native/caqa}
wasm_build=${CAQA_WASM_BUILD:-build-wasm}

[ -x "$native" ] || { echo "build_site: $native is not built (ninja -C build)" >&2; exit 2; }
if [ ! -f "$wasm_build/wasm/caqa.wasm" ] || [ ! -f "$wasm_build/wasm/caqa.js" ]; then
  bash scripts/build_wasm.sh "$wasm_build"
fi

work=$(mktemp -d) stage=
trap 'rm -rf "$work" ${stage:+"$stage"}' EXIT
"$native" build -o "$work/benchmark" >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; exit 2; }
"$native" leaderboard seal --benchmark "$work/benchmark" -o "$work/sealed" >/dev/null
"$native" export-gold "$work/sealed/public.jsonl" --split test -o "$work/gold.jsonl"
[ -f web/node_modules/chart.js/dist/chart.umd.min.js ] || (cd web && npm ci --no-audit --no-fund --silent)

# Assemble next to dist, then swap, so a server on dist/ never sees half a site.
mkdir -p "$(dirname "$dist")"
stage=$(mktemp -d "$(dirname "$dist")/.dist.XXXXXX")
cp web/index.html web/entry.html web/submit.html web/style.css web/app.js web/report.js web/leaderboard.js \
   web/plots.js web/board_extras.js web/entry.js web/worker.js "$stage/"
cp web/node_modules/chart.js/dist/chart.umd.min.js "$stage/"
# Labels, levels and measures from the core's registries (native/tools/vocab_js.cpp).
vocab=$(dirname "$native")/../web/vocab.js
[ -f "$vocab" ] || { echo "build_site: $vocab is not built (cmake --build build)" >&2; exit 2; }
cp "$vocab" "$stage/vocab.js"
# The leaderboard, rescored now against the benchmark just built (docs/leaderboard.md).
# The ranked split's labels come from the sealed file, which stays in $work.
"$native" leaderboard publish --benchmark "$work/benchmark" --sealed-gold "$work/sealed/ranked-gold.jsonl" \
  -o "$stage/leaderboard.json" --entries "$stage/entries" >/dev/null
python3 scripts/board_csv.py "$stage/leaderboard.json" >"$stage/leaderboard.csv"
cp "$work/sealed/ranked-inputs.jsonl" "$stage/"
for f in leaderboard/submissions/*/public-predictions.jsonl; do
  [ -f "$f" ] && [ ! -L "$f" ] && cp "$f" "$stage/entries/$(basename "$(dirname "$f")").public.jsonl"
done
if [ -f leaderboard/history.json ]; then cp leaderboard/history.json "$stage/"; cp -r leaderboard/history "$stage/"; fi
cp "$wasm_build/wasm/caqa.js" "$wasm_build/wasm/caqa.wasm" "$stage/"
cp "$work/gold.jsonl" "$work/gold.jsonl.meta.json" "$stage/"
# The sidecar names the temporary source path; record the benchmark's name instead.
sed -i "s#\"source\": \".*\"#\"source\": \"benchmark/test.jsonl\"#" "$stage/gold.jsonl.meta.json"
chmod 755 "$stage"
rm -rf "$dist.old"
[ -d "$dist" ] && mv "$dist" "$dist.old"
mv "$stage" "$dist"
stage=
rm -rf "$dist.old"
echo "build_site: $dist/ ready ($(du -sh "$dist" | cut -f1)): $(cd "$dist" && ls | tr '\n' ' ')"

# The WebAssembly explorer (docs/explorer.md), when built (scripts/fetch_imgui.sh, then
# scripts/build_wasm.sh): its page, module and the test split it opens by default.
if [ -f "$wasm_build/wasm/caqa-explorer.js" ] && [ -f "$wasm_build/wasm/caqa-explorer.wasm" ]; then
  cp web/explorer.html web/explorer.js "$wasm_build/wasm/caqa-explorer.js" "$wasm_build/wasm/caqa-explorer.wasm" "$dist/"
  cp "$work/sealed/public.jsonl" "$dist/explorer-test.jsonl"  # the public split only
  echo "build_site: explorer added (explorer.html, caqa-explorer.js $(stat -c %s "$dist/caqa-explorer.js") B," \
       "caqa-explorer.wasm $(stat -c %s "$dist/caqa-explorer.wasm") B, explorer-test.jsonl)"
else
  echo "build_site: no wasm explorer in $wasm_build/wasm (scripts/fetch_imgui.sh + scripts/build_wasm.sh), skipped"
fi

# The site must not hold the ranked split's labels (docs/leaderboard.md): checked on what was built.
python3 scripts/check_sealed_labels.py "$work/sealed/ranked-gold.jsonl" "$dist"
