#include "tokens.h"

#include <algorithm>
#include <array>

namespace caqa::baseline::detail {

namespace {

bool token_byte(unsigned char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0x80;
}

// Sorted, for binary search.
constexpr std::array<std::string_view, 62> kStopwords = {
    "a",     "about", "also",  "an",    "and",   "answer", "are",   "as",    "at",    "be",   "been",
    "by",    "can",   "did",   "do",    "does",  "entity", "for",   "from",  "given", "had",  "has",
    "have",  "he",    "her",   "his",   "how",   "i",      "in",    "is",    "it",    "its",  "of",
    "on",    "one",   "or",    "she",   "such",  "that",   "the",   "their", "them",  "then", "there",
    "these", "they",  "this",  "those", "to",    "was",    "were",  "what",  "when",  "where", "which",
    "while", "who",   "whom",  "whose", "why",   "with",   "you"};

}  // namespace

bool is_stopword(std::string_view lower) {
  return std::binary_search(kStopwords.begin(), kStopwords.end(), lower);
}

std::vector<Token> tokenize(std::string_view text) {
  std::vector<Token> out;
  std::size_t i = 0, n = text.size();
  while (i < n) {
    while (i < n && !token_byte(static_cast<unsigned char>(text[i]))) ++i;
    std::size_t start = i;
    while (i < n && token_byte(static_cast<unsigned char>(text[i]))) ++i;
    if (i == start) break;
    // "[1]": a citation marker, not a number of the text.
    if (start > 0 && text[start - 1] == '[' && i < n && text[i] == ']') continue;
    Token t;
    t.text = text.substr(start, i - start);
    t.lower.assign(t.text);
    for (char& c : t.lower)
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    t.stop = is_stopword(t.lower);
    unsigned char first = static_cast<unsigned char>(t.text[0]);
    bool capital = (first >= 'A' && first <= 'Z') || (first >= '0' && first <= '9') || first >= 0x80;
    t.entity = capital && !t.stop;
    out.push_back(std::move(t));
  }
  return out;
}

}  // namespace caqa::baseline::detail
