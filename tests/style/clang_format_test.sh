#!/usr/bin/env bash
# The code follows .clang-format: every tracked C++ and CUDA file, as clang-format would write it.
#   tests/style/clang_format_test.sh REPO_ROOT
set -euo pipefail
cd "$1"
if ! command -v clang-format >/dev/null 2>&1; then
  echo "skipped: clang-format is not installed"
  exit 77
fi
if ! git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  echo "skipped: not a git checkout (the tracked files are the ones checked)"
  exit 77
fi
mapfile -t files < <(git ls-files '*.cpp' '*.h' '*.cu' | grep -v '^data/')
if clang-format --dry-run -Werror "${files[@]}" 2>/tmp/caqa-clang-format.$$; then
  echo "ok: ${#files[@]} files follow .clang-format"
  rm -f /tmp/caqa-clang-format.$$
else
  head -20 /tmp/caqa-clang-format.$$
  echo "FAIL: run clang-format -i on the files above"
  rm -f /tmp/caqa-clang-format.$$
  exit 1
fi
