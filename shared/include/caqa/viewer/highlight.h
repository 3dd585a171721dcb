// Words shared by an answer and its citation, as byte spans to highlight.
// A word is a maximal run of ASCII letters/digits or non-ASCII (UTF-8) bytes,
// compared lower-cased; stop words and one-character words never match.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace caqa::viewer {

struct Span {
  std::size_t begin = 0, end = 0;  // byte offsets, [begin, end)
  bool operator==(const Span&) const = default;
};

struct WordSpan {
  Span span;
  std::string word;  // lower-cased
};

std::vector<WordSpan> tokenize(std::string_view text);
bool is_stop_word(std::string_view lower_word);

struct SharedWords {
  std::vector<Span> in_a, in_b;    // spans of the shared words in each text, in order
  std::vector<std::string> words;  // the shared words, sorted, once each
};

SharedWords shared_words(std::string_view a, std::string_view b);

}  // namespace caqa::viewer
