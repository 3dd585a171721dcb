#include "caqa/reader/tokens.h"

#include <fmt/format.h>
#include <algorithm>

#include "caqa/hash.h"
#include "caqa/text.h"

namespace caqa::reader {

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// "[12]" starting at i: its length, else 0.
std::size_t citation_marker(std::string_view text, std::size_t i) {
  if (text[i] != '[') return 0;
  std::size_t j = i + 1;
  while (j < text.size() && text[j] >= '0' && text[j] <= '9') ++j;
  return j > i + 1 && j < text.size() && text[j] == ']' ? j - i + 1 : 0;
}

std::uint32_t bucket(std::string_view kind, std::string_view part, std::uint32_t buckets) {
  return static_cast<std::uint32_t>(fnv1a64(part, fnv1a64(kind)) % buckets);
}

}  // namespace

std::vector<std::string> reader_words(std::string_view text) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < text.size()) {
    if (is_space(text[i])) {
      ++i;
    } else if (const std::size_t marker = citation_marker(text, i)) {
      i += marker;
    } else if (is_word_byte(text[i])) {
      const std::size_t begin = i;
      while (i < text.size() && is_word_byte(text[i])) ++i;
      out.push_back(ascii_lower(text.substr(begin, i - begin)));
    } else {
      out.emplace_back(1, text[i++]);
    }
  }
  return out;
}

TokenRows encode_text(std::string_view text, std::string_view other, const TokenizerConfig& config) {
  std::vector<std::string> words = reader_words(text);
  if (words.size() > config.max_tokens) words.resize(config.max_tokens);
  // An empty text (imported data has empty citations) is read as one empty word, so that
  // attention always has a token to look at.
  if (words.empty()) words.emplace_back();
  std::vector<std::string> others = reader_words(other);
  std::sort(others.begin(), others.end());
  TokenRows out;
  for (const std::string& word : words) {
    out.ids.push_back(bucket("w:", word, config.buckets));
    const std::string marked = "<" + word + ">";
    for (std::size_t k = 0; k + 3 <= marked.size(); ++k)
      out.ids.push_back(bucket("c:", std::string_view(marked).substr(k, 3), config.buckets));
    out.offsets.push_back(static_cast<std::uint32_t>(out.ids.size()));
    out.exact.push_back(std::binary_search(others.begin(), others.end(), word) ? 1 : 0);
  }
  return out;
}

std::string tokenizer_description(const TokenizerConfig& config) {
  return fmt::format(
      "words: runs of ASCII letters, digits and non-ASCII bytes, lower-cased, and each other non-space byte; "
      "citation markers [N] dropped; at most {} tokens; an empty text is one empty word. features: fnv1a64('w:' + "
      "word) and fnv1a64('c:' + trigram) "
      "over '<' + word + '>' (the hash continued from the prefix), modulo {}. exact match: the word occurs in the "
      "other text",
      config.max_tokens, config.buckets);
}

}  // namespace caqa::reader
