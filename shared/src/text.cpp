#include "caqa/text.h"

#include <algorithm>
#include <array>
#include <cstdint>

namespace caqa {

namespace {

// Sorted, for binary search. The trained baseline's features depend on this list:
// editing it changes what `caqa train` learns.
constexpr std::array<std::string_view, 62> kStopWords = {
    "a",    "about", "also",  "an",     "and",   "answer", "are",   "as",   "at",    "be",   "been", "by",   "can",
    "did",  "do",    "does",  "entity", "for",   "from",   "given", "had",  "has",   "have", "he",   "her",  "his",
    "how",  "i",     "in",    "is",     "it",    "its",    "of",    "on",   "one",   "or",   "she",  "such", "that",
    "the",  "their", "them",  "then",   "there", "these",  "they",  "this", "those", "to",   "was",  "were", "what",
    "when", "where", "which", "while",  "who",   "whom",   "whose", "why",  "with",  "you"};

// A word of up to seven bytes as a number: its bytes, the first highest, zeros after, and
// its length in the lowest byte. The numbers sort as the words do (none holds a zero
// byte), so the sorted list packs into a sorted list of numbers; a word holding a zero
// byte packs like none of them.
constexpr std::uint64_t packed(std::string_view word) {
  std::uint64_t out = 0;
  for (std::size_t i = 0; i < 7; ++i) out = out << 8 | (i < word.size() ? static_cast<unsigned char>(word[i]) : 0u);
  return out << 8 | word.size();
}

constexpr std::size_t kLongestStopWord = 6;

constexpr std::array<std::uint64_t, kStopWords.size()> kPackedStopWords = [] {
  std::array<std::uint64_t, kStopWords.size()> out{};
  for (std::size_t i = 0; i < kStopWords.size(); ++i) out[i] = packed(kStopWords[i]);
  return out;
}();

constexpr bool packs_in_order() {
  for (std::size_t i = 0; i < kStopWords.size(); ++i)
    if (kStopWords[i].size() > kLongestStopWord || (i > 0 && kPackedStopWords[i - 1] >= kPackedStopWords[i]))
      return false;
  return true;
}
static_assert(packs_in_order(), "kStopWords: sorted, distinct, none longer than kLongestStopWord");

// The packed stop words in an open-addressed table of twice their number and more: a
// lookup reads one or two slots where a binary search over the sorted list took six
// unpredictable branches (the cue reader asks once per word of every drafted citation).
constexpr std::size_t kStopTableBits = 7;
static_assert(std::size_t{1} << kStopTableBits >= 2 * kStopWords.size());

constexpr std::size_t stop_slot(std::uint64_t packed_word) {
  return static_cast<std::size_t>((packed_word * 0x9E3779B97F4A7C15ull) >> (64 - kStopTableBits));
}

constexpr std::array<std::uint64_t, std::size_t{1} << kStopTableBits> kStopTable = [] {
  std::array<std::uint64_t, std::size_t{1} << kStopTableBits> out{};  // 0: empty (no word packs to 0)
  for (std::uint64_t word : kPackedStopWords) {
    std::size_t slot = stop_slot(word);
    while (out[slot] != 0) slot = (slot + 1) & (out.size() - 1);
    out[slot] = word;
  }
  return out;
}();

}  // namespace

std::vector<std::string_view> space_separated(std::string_view text) {
  std::vector<std::string_view> out;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t end = std::min(text.find(' ', at), text.size());
    if (end > at) out.push_back(text.substr(at, end - at));
    at = end + 1;
  }
  return out;
}

std::vector<WordRange> word_ranges(std::string_view text) {
  std::vector<WordRange> out;
  std::size_t i = 0, n = text.size();
  while (i < n) {
    while (i < n && !is_word_byte(text[i])) ++i;
    std::size_t start = i;
    while (i < n && is_word_byte(text[i])) ++i;
    if (i > start) out.push_back({start, i});
  }
  return out;
}

void ascii_lower_in_place(std::string& text) {
  for (char& c : text) c = ascii_lower(c);
}

std::string ascii_lower(std::string_view text) {
  std::string out(text);
  ascii_lower_in_place(out);
  return out;
}

bool is_stop_word(std::string_view lower_word) {
  if (lower_word.empty() || lower_word.size() > kLongestStopWord) return false;
  const std::uint64_t word = packed(lower_word);
  for (std::size_t slot = stop_slot(word);; slot = (slot + 1) & (kStopTable.size() - 1)) {
    if (kStopTable[slot] == word) return true;
    if (kStopTable[slot] == 0) return false;
  }
}

void append_key_part(std::string& key, std::string_view part) {
  key.append(std::to_string(part.size())).append(":").append(part);
}

}  // namespace caqa
