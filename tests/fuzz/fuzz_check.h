// What every fuzz target shares: the input as text, and invariant checks that stop the
// run in every build (NDEBUG included), so that libFuzzer keeps the input that broke one.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "caqa/errors.h"

namespace caqa::fuzz {

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

inline void check(bool ok, const char* invariant) {
  if (ok) return;
  std::fprintf(stderr, "fuzz invariant broken: %s\n", invariant);
  std::abort();
}

// Every diagnostic points at a line of the text (0: the whole file) and says something.
inline void check_diagnostics(const Diagnostics& diagnostics, std::string_view text) {
  // An upper bound on the line count whichever of LF, CRLF or CR ends lines.
  const auto line_breaks =
      static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n') + std::count(text.begin(), text.end(), '\r'));
  for (const Diagnostic& d : diagnostics.items) {
    check(d.line <= line_breaks + 1, "a diagnostic's line is past the end of the text");
    check(!d.message.empty(), "a diagnostic has no message");
  }
}

}  // namespace caqa::fuzz
