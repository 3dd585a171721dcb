#!/usr/bin/env bash
# Fetches the Dear ImGui sources (Debian's source package, 1.86) for the WebAssembly
# explorer into BUILD_DIR/third_party/imgui. Idempotent; never commit these files.
# Needs the deb-src entry that scripts/setup.sh adds.
#   scripts/fetch_imgui.sh [BUILD_DIR]   (default build-wasm)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-wasm}
third_party=$build/third_party
if [ -f "$third_party/imgui/imgui.cpp" ] && [ -f "$third_party/imgui/backends/imgui_impl_opengl3.cpp" ]; then
  echo "fetch_imgui: $third_party/imgui present"
  exit 0
fi
mkdir -p "$third_party"
tmp=$(mktemp -d "$third_party/.imgui.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
if ! (cd "$tmp" && apt-get source -qq imgui >/dev/null 2>&1); then
  echo "fetch_imgui: 'apt-get source imgui' failed (is the deb-src entry from scripts/setup.sh there?)" >&2
  exit 1
fi
src=$(find "$tmp" -mindepth 1 -maxdepth 1 -type d -name 'imgui-*' | head -1)
[ -n "$src" ] && [ -f "$src/imgui.cpp" ] || { echo "fetch_imgui: no imgui.cpp in the source package" >&2; exit 1; }
rm -rf "$third_party/imgui"
mv "$src" "$third_party/imgui"
echo "fetch_imgui: $third_party/imgui ($(grep -m1 'define IMGUI_VERSION ' "$third_party/imgui/imgui.h" | cut -d'"' -f2))"
