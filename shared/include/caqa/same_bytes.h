// Equality of two short byte strings (ids, keys, labels) a word at a time, inline. In
// WebAssembly, Emscripten's memcmp (musl's) compares one byte per iteration, and the id
// join and label parsing called it once per line: 14% of the module's time on a 1M-line
// file. Natively it saves a call per compare.
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>

namespace caqa {

namespace detail {
template <class Word>
Word load_word(const char* p) {
  Word w;
  std::memcpy(&w, p, sizeof w);
  return w;
}
}  // namespace detail

inline bool same_bytes(std::string_view a, std::string_view b) {
  std::size_t n = a.size();
  if (n != b.size()) return false;
  const char *x = a.data(), *y = b.data();
  using detail::load_word;
  if (n >= 8) {
    for (; n > 8; n -= 8, x += 8, y += 8)
      if (load_word<std::uint64_t>(x) != load_word<std::uint64_t>(y)) return false;
    // The last 8 bytes, overlapping bytes already compared.
    return load_word<std::uint64_t>(x + n - 8) == load_word<std::uint64_t>(y + n - 8);
  }
  if (n >= 4)
    return load_word<std::uint32_t>(x) == load_word<std::uint32_t>(y) &&
           load_word<std::uint32_t>(x + n - 4) == load_word<std::uint32_t>(y + n - 4);
  for (std::size_t i = 0; i < n; ++i)
    if (x[i] != y[i]) return false;
  return true;
}

}  // namespace caqa
