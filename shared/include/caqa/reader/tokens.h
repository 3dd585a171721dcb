// How the reader sees text: tokens (words, and each punctuation mark on its own; citation
// markers "[1]" dropped), each as hashed features (the lower-cased word and its character
// trigrams with word boundaries, so a name never seen in training still shares rows with
// its spelling) and whether the word also occurs in the other text (exact match).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace caqa::reader {

// One text as the model reads it: token t's feature rows are ids[offsets[t], offsets[t+1]).
struct TokenRows {
  std::vector<std::uint32_t> offsets{0};
  std::vector<std::uint32_t> ids;
  std::vector<std::uint8_t> exact;  // per token
  std::size_t size() const { return exact.size(); }
};

struct TokenizerConfig {
  std::uint32_t buckets = 1u << 17;
  std::size_t max_tokens = 160;  // longer texts are cut (the benchmark's citations are shorter)
};

// The tokens' lower-cased spellings, citation markers dropped.
std::vector<std::string> reader_words(std::string_view text);

// `text` read against `other` (for the exact-match flags); an empty text is one empty word.
TokenRows encode_text(std::string_view text, std::string_view other, const TokenizerConfig& config);

// "fnv1a64 of 'w:' + word and 'c:' + trigram of '<' + word + '>', modulo buckets": what a
// weights file records so that a reader of it hashes alike.
std::string tokenizer_description(const TokenizerConfig& config);

}  // namespace caqa::reader
