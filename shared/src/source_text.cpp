#include "caqa/source_text.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

namespace caqa {

namespace {

// The first '\n' of the n bytes at p, or nullptr. Emscripten's memchr (musl's) reads four
// bytes a step; in WebAssembly the whole 16-byte blocks are read with SIMD128 (the bytes
// past n may not be readable: the last part block goes to memchr). Natively, glibc's.
const char* find_newline(const char* p, std::size_t n) {
#if defined(__wasm_simd128__)
  const char* const end = p + n;
  for (; end - p >= 16; p += 16)
    if (const std::uint32_t hits =
            static_cast<std::uint32_t>(wasm_i8x16_bitmask(wasm_i8x16_eq(wasm_v128_load(p), wasm_i8x16_splat('\n')))))
      return p + __builtin_ctz(hits);
  n = static_cast<std::size_t>(end - p);
#endif
  return static_cast<const char*>(std::memchr(p, '\n', n));
}

}  // namespace

LineCursor::LineCursor(std::string_view bytes) : bytes_(bytes) {
  if (bytes_.size() >= 3 && static_cast<unsigned char>(bytes_[0]) == 0xEF &&
      static_cast<unsigned char>(bytes_[1]) == 0xBB && static_cast<unsigned char>(bytes_[2]) == 0xBF) {
    pos_ = 3;
    had_bom_ = true;
  }
}

bool LineCursor::next(SourceLine& line) {
  if (pos_ >= bytes_.size()) return false;
  const char* start = bytes_.data() + pos_;
  std::size_t remaining = bytes_.size() - pos_;
  const char* nl = find_newline(start, remaining);
  std::size_t len = nl ? static_cast<std::size_t>(nl - start) : remaining;
  line.offset = pos_;
  pos_ += len + (nl ? 1 : 0);
  if (len > 0 && start[len - 1] == '\r') --len;
  line.text = std::string_view(start, len);
  line.number = ++number_;
  return true;
}

bool is_blank(std::string_view text) {
  for (char c : text)
    if (c != ' ' && c != '\t' && c != '\r') return false;
  return true;
}

std::size_t estimated_line_count(std::string_view bytes) {
  std::string_view head = bytes.substr(0, std::size_t{1} << 16);
  auto ends = static_cast<std::size_t>(std::count(head.begin(), head.end(), '\n'));
  if (ends == 0) return 1;
  std::size_t lines = bytes.size() / head.size() * ends + (bytes.size() % head.size()) * ends / head.size();
  return lines + lines / 8 + 1;
}

bool contains_bytes(std::string_view text, std::string_view needle) {
  std::size_t n = needle.size();
  if (n < 3 || text.size() < n + 64) return text.find(needle) != std::string_view::npos;
  // Blocks of 64 positions tested on the needle's first, middle and last byte with no
  // branch (the compiler vectorises the inner loop); a block with a candidate is checked exactly.
  const auto* p = reinterpret_cast<const unsigned char*>(text.data());
  const auto first = static_cast<unsigned char>(needle[0]), middle = static_cast<unsigned char>(needle[n / 2]),
             last = static_cast<unsigned char>(needle[n - 1]);
  std::size_t block = 0;
  for (; block + 64 + n <= text.size(); block += 64) {
    unsigned char candidate = 0;
    for (std::size_t i = block; i < block + 64; ++i)
      candidate |= static_cast<unsigned char>((p[i] == first) & (p[i + n / 2] == middle) & (p[i + n - 1] == last));
    if (candidate && text.substr(block, 64 + n - 1).find(needle) != std::string_view::npos) return true;
  }
  return text.substr(block).find(needle) != std::string_view::npos;
}

std::size_t first_invalid_utf8(std::string_view text) {
  const auto* s = reinterpret_cast<const unsigned char*>(text.data());
  std::size_t n = text.size(), i = 0;
  while (i < n) {
    unsigned char c = s[i];
    if (c < 0x80) {
      ++i;
      continue;
    }
    std::size_t len;
    unsigned lo = 0x80, hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF)
      len = 2;
    else if (c >= 0xE0 && c <= 0xEF) {
      len = 3;
      if (c == 0xE0) lo = 0xA0;  // overlong
      if (c == 0xED) hi = 0x9F;  // surrogates
    } else if (c >= 0xF0 && c <= 0xF4) {
      len = 4;
      if (c == 0xF0) lo = 0x90;
      if (c == 0xF4) hi = 0x8F;  // above U+10FFFF
    } else
      return i;
    if (i + len > n) return i;
    if (s[i + 1] < lo || s[i + 1] > hi) return i;
    for (std::size_t k = 2; k < len; ++k)
      if (s[i + k] < 0x80 || s[i + k] > 0xBF) return i;
    i += len;
  }
  return std::string_view::npos;
}

std::string printable_excerpt(std::string_view text, std::size_t max_bytes) {
  std::string out;
  std::size_t i = 0;
  while (i < text.size()) {
    std::size_t bad = first_invalid_utf8(text.substr(i));
    std::size_t good = bad == std::string_view::npos ? text.size() - i : bad;
    for (std::size_t k = 0; k < good; ++k) {
      auto c = static_cast<unsigned char>(text[i + k]);
      bool starts_char = (c & 0xC0) != 0x80;
      if (starts_char && out.size() >= max_bytes) return out + "...";
      out.push_back(c < 0x20 ? ' ' : static_cast<char>(c));
    }
    i += good;
    if (i < text.size()) {
      if (out.size() >= max_bytes) return out + "...";
      char hex[5];
      std::snprintf(hex, sizeof hex, "\\x%02X", static_cast<unsigned char>(text[i]));
      out += hex;
      ++i;
    }
  }
  return out;
}

}  // namespace caqa
