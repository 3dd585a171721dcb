#include "caqa/text.h"

#include <algorithm>
#include <array>

namespace caqa {

namespace {

bool word_byte(unsigned char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0x80;
}

// Sorted, for binary search. The trained baseline's features depend on this list:
// editing it changes what `caqa train` learns.
constexpr std::array<std::string_view, 62> kStopWords = {
    "a",    "about", "also",  "an",     "and",   "answer", "are",   "as",   "at",    "be",   "been", "by",   "can",
    "did",  "do",    "does",  "entity", "for",   "from",   "given", "had",  "has",   "have", "he",   "her",  "his",
    "how",  "i",     "in",    "is",     "it",    "its",    "of",    "on",   "one",   "or",   "she",  "such", "that",
    "the",  "their", "them",  "then",   "there", "these",  "they",  "this", "those", "to",   "was",  "were", "what",
    "when", "where", "which", "while",  "who",   "whom",   "whose", "why",  "with",  "you"};

}  // namespace

std::vector<WordRange> word_ranges(std::string_view text) {
  std::vector<WordRange> out;
  std::size_t i = 0, n = text.size();
  while (i < n) {
    while (i < n && !word_byte(static_cast<unsigned char>(text[i]))) ++i;
    std::size_t start = i;
    while (i < n && word_byte(static_cast<unsigned char>(text[i]))) ++i;
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
  return std::binary_search(kStopWords.begin(), kStopWords.end(), lower_word);
}

}  // namespace caqa
