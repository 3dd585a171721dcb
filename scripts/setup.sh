#!/usr/bin/env bash
# Installs what caqa needs on Debian 12, by package name. Safe to run again.
#   scripts/setup.sh           native build, tests and the Emscripten toolchain
#   CAQA_SETUP_WASM=0 scripts/setup.sh   skip the Emscripten toolchain
set -euo pipefail

packages=(
  cmake ninja-build g++ pkg-config clang-format
  zlib1g-dev libcli11-dev libfmt-dev nlohmann-json3-dev libsimdjson-dev libxxhash-dev libssl-dev
  libgtest-dev
  libmimalloc-dev                                       # the caqa executable's allocator (native/CMakeLists.txt)
  libserd-dev                                           # N-Triples loader (native/kg/ntriples.cpp)
  libcpp-httplib-dev                                    # caqa serve, the LLM judge client
  libopenblas-dev                                       # the reader's CPU twin (native/reader/cpu_device.cpp)
  virtuoso-opensource                                   # caqa build --sparql's parity test (tests/cli)
  libimgui-dev libglfw3-dev libstb-dev xvfb xauth       # caqa-explorer (native/viewer), its Xvfb smoke run
  python3 python3-sklearn python3-scipy python3-numpy   # ../shared/tools/oracle.py, test runners
  python3-jsonschema                                    # written JSON against schema/ (tests/schema)
  dpkg-dev                                              # apt-get source (simdjson sources for wasm)
)
if [ "${CAQA_SETUP_WASM:-1}" = 1 ]; then
  packages+=(emscripten node-acorn binaryen nodejs chromium)
  # npm comes with NodeSource's nodejs (which conflicts with Debian's npm package).
  command -v npm >/dev/null 2>&1 || packages+=(npm)
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)

# The Emscripten build compiles simdjson from its Debian source package.
if [ "${CAQA_SETUP_WASM:-1}" = 1 ] && ! grep -rqs "^Types: deb-src" /etc/apt/sources.list.d/ /etc/apt/sources.list 2>/dev/null; then
  if [ -f /etc/apt/sources.list.d/debian.sources ]; then
    sed 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources |
      "${sudo_cmd[@]}" tee /etc/apt/sources.list.d/caqa-deb-src.sources >/dev/null
    missing+=(__update__)
  fi
fi

if [ ${#missing[@]} -gt 0 ]; then
  echo "caqa setup: installing ${missing[*]/__update__/}"
  "${sudo_cmd[@]}" apt-get update -qq
  real=()
  for p in "${missing[@]}"; do [ "$p" = __update__ ] || real+=("$p"); done
  [ ${#real[@]} -eq 0 ] || DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq "${real[@]}" >/dev/null
else
  echo "caqa setup: all packages present"
fi
