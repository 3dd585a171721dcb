#include "tokens.h"

#include "caqa/words.h"

#include <algorithm>
#include <array>

namespace caqa::baseline::detail {

namespace {

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
  for (const WordRange& r : word_ranges(text)) {
    // "[1]": a citation marker, not a number of the text.
    if (r.begin > 0 && text[r.begin - 1] == '[' && r.end < text.size() && text[r.end] == ']') continue;
    Token t;
    t.text = text.substr(r.begin, r.end - r.begin);
    t.lower = ascii_lower(t.text);
    t.stop = is_stopword(t.lower);
    unsigned char first = static_cast<unsigned char>(t.text[0]);
    bool capital = (first >= 'A' && first <= 'Z') || (first >= '0' && first <= '9') || first >= 0x80;
    t.entity = capital && !t.stop;
    out.push_back(std::move(t));
  }
  return out;
}

}  // namespace caqa::baseline::detail
