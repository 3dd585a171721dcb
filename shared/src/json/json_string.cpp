#include "caqa/json_string.h"

#include <array>
#include <cstdint>

#include <nlohmann/json.hpp>

#include "json_special_bytes.h"

namespace caqa {

namespace {

// Bytes that are not copied as they are: control characters, '"', '\\', and non-ASCII.
constexpr std::array<bool, 256> kSpecial = [] {
  std::array<bool, 256> out{};
  for (int c = 0; c < 256; ++c) out[c] = c < 0x20 || c == '"' || c == '\\' || c >= 0x80;
  return out;
}();

bool is_continuation(unsigned char c, unsigned char low = 0x80, unsigned char high = 0xBF) {
  return c >= low && c <= high;
}

// Length of the well-formed UTF-8 sequence (Unicode Table 3-7) at text[i]; 0 when it is
// not one.
std::size_t utf8_sequence(std::string_view text, std::size_t i) {
  auto at = [&](std::size_t k) { return i + k < text.size() ? static_cast<unsigned char>(text[i + k]) : 0; };
  const unsigned char lead = at(0);
  if (lead >= 0xC2 && lead <= 0xDF) return is_continuation(at(1)) ? 2 : 0;
  if (lead >= 0xE0 && lead <= 0xEF) {
    const unsigned char low = lead == 0xE0 ? 0xA0 : 0x80, high = lead == 0xED ? 0x9F : 0xBF;
    return is_continuation(at(1), low, high) && is_continuation(at(2)) ? 3 : 0;
  }
  if (lead >= 0xF0 && lead <= 0xF4) {
    const unsigned char low = lead == 0xF0 ? 0x90 : 0x80, high = lead == 0xF4 ? 0x8F : 0xBF;
    return is_continuation(at(1), low, high) && is_continuation(at(2)) && is_continuation(at(3)) ? 4 : 0;
  }
  return 0;
}

void append_escaped_control(std::string& out, unsigned char c) {
  switch (c) {
    case '\b': out += "\\b"; return;
    case '\t': out += "\\t"; return;
    case '\n': out += "\\n"; return;
    case '\f': out += "\\f"; return;
    case '\r': out += "\\r"; return;
    default: {
      constexpr std::string_view kHex = "0123456789abcdef";
      const char escaped[] = {'\\', 'u', '0', '0', kHex[c >> 4], kHex[c & 0xF]};
      out.append(escaped, sizeof escaped);
    }
  }
}

}  // namespace

void append_json_string(std::string& out, std::string_view text) {
  const std::size_t start = out.size();
  out.push_back('"');
  std::size_t i = 0;
  while (i < text.size()) {
    std::size_t plain = i;
    // Whole blocks of 16 first; the byte loop ends the text, or stops at once on the
    // special byte a block found.
    for (; plain + 16 <= text.size(); plain += 16)
      if (const std::uint32_t special = detail::special_bytes(text.data() + plain)) {
        plain += static_cast<std::size_t>(__builtin_ctz(special));
        break;
      }
    while (plain < text.size() && !kSpecial[static_cast<unsigned char>(text[plain])]) ++plain;
    out.append(text.data() + i, plain - i);
    if (plain == text.size()) break;
    i = plain;
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      if (c == '"' || c == '\\') {
        out.push_back('\\');
        out.push_back(static_cast<char>(c));
      } else {
        append_escaped_control(out, c);
      }
      ++i;
      continue;
    }
    const std::size_t length = utf8_sequence(text, i);
    if (length == 0) {
      // Which bytes nlohmann replaces, and how many replacement characters it writes, is
      // its own decoder's business: the rare invalid string is handed to it whole.
      out.resize(start);
      out += nlohmann::json(std::string(text)).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
      return;
    }
    out.append(text.data() + i, length);
    i += length;
  }
  out.push_back('"');
}

}  // namespace caqa
