// caqa's text vocabulary, one of each: ASCII lower-casing, the word splitter and the
// stop-word list. Shared by the readers, the baselines' features and the explorer's
// highlighting, so all of them split "Zürich's 1975 film" and fold case the same way.
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <vector>

namespace caqa {

constexpr bool is_ascii_upper(char c) { return c >= 'A' && c <= 'Z'; }
constexpr bool is_ascii_lower(char c) { return c >= 'a' && c <= 'z'; }
// Folds A-Z only: UTF-8 bytes and the C locale's other letters stay as they are.
constexpr char ascii_lower(char c) { return is_ascii_upper(c) ? static_cast<char>(c - 'A' + 'a') : c; }
std::string ascii_lower(std::string_view text);
void ascii_lower_in_place(std::string& text);

struct WordRange {
  std::size_t begin, end;  // byte offsets in the text
};

// Words: maximal runs of ASCII letters and digits and of non-ASCII bytes (UTF-8 letters).
std::vector<WordRange> word_ranges(std::string_view text);
// The parts between spaces, punctuation kept ("Joon-ho", "Jr."); no empty part.
std::vector<std::string_view> space_separated(std::string_view text);
inline constexpr std::array<bool, 256> kWordBytes = [] {
  std::array<bool, 256> out{};
  for (int c = 0; c < 256; ++c)
    out[c] = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0x80;
  return out;
}();
constexpr bool is_word_byte(char c) { return kWordBytes[static_cast<unsigned char>(c)]; }

// English function words plus the benchmark's templated phrasing ("the answer to ... is").
// lower_word must already be lower-cased.
bool is_stop_word(std::string_view lower_word);

// part appended to key as "length:part": texts appended this way never run into each other,
// so the key of several texts (a question and its answer) is the same only for the same texts.
void append_key_part(std::string& key, std::string_view part);

}  // namespace caqa
