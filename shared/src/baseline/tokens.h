// Tokenising for the baselines (private to shared/src/baseline).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "caqa/text.h"

namespace caqa::baseline::detail {

struct Token {
  std::string_view text;  // as written
  std::string lower;      // ASCII lower-cased
  bool entity = false;    // capitalised or a number, and not a stop word
  bool stop = false;
};

// Runs of ASCII letters and digits and of non-ASCII bytes (UTF-8 letters), less citation markers.
std::vector<Token> tokenize(std::string_view text);

// "[1]": a citation marker, not a number of the text.
inline bool is_citation_marker(std::string_view text, const WordRange& word) {
  return word.begin > 0 && text[word.begin - 1] == '[' && word.end < text.size() && text[word.end] == ']';
}

}  // namespace caqa::baseline::detail
