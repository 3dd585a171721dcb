#include "flat_json_object.h"

#include <cstdint>
#include <cstring>

#include "json_special_bytes.h"

namespace caqa::detail {

namespace {

// Keys of the line that the caller did not ask for, kept to find a repeated one; a line
// with more of them goes to simdjson.
constexpr std::size_t kMaxOtherKeys = 16;

// A number of at most this many digits is below 2^53, so it and a power of ten up to
// 10^22 (both exact doubles) give its value in one correctly rounded multiplication or
// division: the double simdjson's parser gives (Clinger's fast path).
constexpr int kMaxDigits = 15;
constexpr int kMaxPowerOfTen = 22;
constexpr double kPowersOfTen[kMaxPowerOfTen + 1] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                                     1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                                     1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

bool is_json_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }  // a line holds no '\n'
bool is_digit(char c) { return c >= '0' && c <= '9'; }

const char* skip_blanks(const char* p, const char* end) {
  while (p < end && is_json_blank(*p)) ++p;
  return p;
}

// The closing quote of a string whose bytes start at p, when they are printable ASCII
// without a backslash (their unescaped text is then the bytes themselves); else nullptr.
// Sixteen bytes at a time: the fifteen after the line's end are readable (the caller's padding).
const char* plain_string_end(const char* p, const char* end) {
  for (; p < end; p += 16) {
    if (std::uint32_t special = special_bytes(p)) {
      const char* at = p + __builtin_ctz(special);
      return at < end && *at == '"' ? at : nullptr;
    }
  }
  return nullptr;
}

// A JSON number at p within the limits above; the byte after it, or nullptr.
const char* read_number(const char* p, const char* end, JsonField& out) {
  const char* start = p;
  bool negative = *p == '-';
  if (negative) ++p;
  if (p == end || !is_digit(*p)) return nullptr;
  std::uint64_t mantissa = 0;
  int digits = 0, exponent = 0;
  bool fraction_or_exponent = false;
  if (*p == '0') {
    ++p, ++digits;
  } else {
    for (; p < end && is_digit(*p); ++p, ++digits) mantissa = mantissa * 10 + static_cast<std::uint64_t>(*p - '0');
  }
  if (digits > kMaxDigits) return nullptr;
  if (p < end && *p == '.') {
    fraction_or_exponent = true;
    ++p;
    if (p == end || !is_digit(*p)) return nullptr;
    for (; p < end && is_digit(*p); ++p, ++digits, --exponent) {
      if (digits == kMaxDigits) return nullptr;
      mantissa = mantissa * 10 + static_cast<std::uint64_t>(*p - '0');
    }
  }
  if (p < end && (*p == 'e' || *p == 'E')) {
    fraction_or_exponent = true;
    ++p;
    bool negative_exponent = p < end && *p == '-';
    if (p < end && (*p == '-' || *p == '+')) ++p;
    if (p == end || !is_digit(*p)) return nullptr;
    int e = 0;
    for (; p < end && is_digit(*p); ++p) {
      if (e > 1000) return nullptr;
      e = e * 10 + (*p - '0');
    }
    exponent += negative_exponent ? -e : e;
  }
  double value = static_cast<double>(mantissa);
  if (mantissa != 0) {
    if (exponent > kMaxPowerOfTen || exponent < -kMaxPowerOfTen) return nullptr;
    value = exponent >= 0 ? value * kPowersOfTen[exponent] : value / kPowersOfTen[-exponent];
  }
  out.type = fraction_or_exponent ? JsonField::Type::Float : JsonField::Type::Integer;
  out.text = std::string_view(start, static_cast<std::size_t>(p - start));
  out.number = negative ? -value : value;
  return p;
}

// The literal word at p (true, false, null); the byte after it, or nullptr.
const char* read_word(const char* p, const char* end, std::string_view word) {
  if (static_cast<std::size_t>(end - p) < word.size() || !same_bytes(std::string_view(p, word.size()), word))
    return nullptr;
  return p + word.size();
}

}  // namespace

RawKey::RawKey(std::string_view key) : text_(key) {
  for (char c : key) plain_ = plain_ && c >= 0x20 && c < 0x7f && c != '"' && c != '\\';
  if (!plain_ || key.size() + 1 > sizeof word_) return;
  unsigned char bytes[sizeof word_] = {}, ones[sizeof word_] = {};
  std::memcpy(bytes, key.data(), key.size());
  bytes[key.size()] = '"';
  std::memset(ones, 0xFF, key.size() + 1);
  std::memcpy(word_, bytes, sizeof word_);
  std::memcpy(mask_, ones, sizeof mask_);
  fits_ = true;
}

bool read_flat_object(std::string_view line, std::size_t lead, const std::vector<RawKey>& keys, JsonField* fields) {
  const char* p = line.data() + lead;
  const char* const end = line.data() + line.size();
  if (p == end || *p != '{') return false;
  std::memset(static_cast<void*>(fields), 0, keys.size() * sizeof(JsonField));  // JsonField{} is all zeros
  // Left uninitialised: only the first other_count are read.
  const char* other_keys[kMaxOtherKeys];
  std::size_t other_sizes[kMaxOtherKeys];
  std::size_t other_count = 0, expected = 0;
  p = skip_blanks(p + 1, end);
  if (p < end && *p == '}') return skip_blanks(p + 1, end) == end;
  while (true) {
    if (p == end || *p != '"') return false;
    const char* key = p + 1;
    // Keys usually come in the order asked for: the one after the last found is matched in
    // place; any other key is scanned to its closing quote and looked up.
    std::size_t k = expected, key_size = 0;
    if (k < keys.size() && keys[k].size() < static_cast<std::size_t>(end - key) && keys[k].matches(key)) {
      key_size = keys[k].size();
    } else {
      const char* key_end = plain_string_end(key, end);
      if (!key_end) return false;
      key_size = static_cast<std::size_t>(key_end - key);
      k = 0;
      while (k < keys.size() && !(keys[k].size() == key_size && keys[k].matches(key))) ++k;
    }
    p = skip_blanks(key + key_size + 1, end);
    if (p == end || *p != ':') return false;
    p = skip_blanks(p + 1, end);
    if (p == end) return false;
    JsonField other;
    if (k < keys.size()) {
      if (fields[k].type != JsonField::Type::Absent) return false;  // a repeated key: simdjson's path reports it
      expected = k + 1;
    } else {
      for (std::size_t i = 0; i < other_count; ++i)
        if (same_bytes(std::string_view(other_keys[i], other_sizes[i]), std::string_view(key, key_size))) return false;
      if (other_count == kMaxOtherKeys) return false;
      other_keys[other_count] = key;
      other_sizes[other_count++] = key_size;
    }
    JsonField& out = k < keys.size() ? fields[k] : other;
    out.column = static_cast<std::uint32_t>(p - line.data()) + 1;
    switch (*p) {
      case '"': {
        const char* text_end = plain_string_end(p + 1, end);
        if (!text_end) return false;
        out.type = JsonField::Type::String;
        out.text = std::string_view(p + 1, static_cast<std::size_t>(text_end - p - 1));
        p = text_end + 1;
        break;
      }
      case 't':
      case 'f':
        out.type = JsonField::Type::Bool;
        out.text = *p == 't' ? "true" : "false";
        p = read_word(p, end, out.text);
        break;
      case 'n':
        out.type = JsonField::Type::Null;
        p = read_word(p, end, "null");
        break;
      default: p = *p == '-' || is_digit(*p) ? read_number(p, end, out) : nullptr;
    }
    if (!p) return false;
    p = skip_blanks(p, end);
    if (p == end) return false;
    if (*p == '}') return skip_blanks(p + 1, end) == end;
    if (*p != ',') return false;
    p = skip_blanks(p + 1, end);
  }
}

}  // namespace caqa::detail
