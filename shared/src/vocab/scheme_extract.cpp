#include "caqa/scheme_extract.h"

#include <cctype>
#include <string>
#include <vector>

namespace caqa {

namespace {

// Lower-cased runs of ASCII letters and digits.
std::vector<std::string> words_of(std::string_view text) {
  std::vector<std::string> out;
  std::string word;
  for (char c : text) {
    if (std::isalnum(static_cast<unsigned char>(c))) {
      word.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
    } else if (!word.empty()) {
      out.push_back(std::move(word));
      word.clear();
    }
  }
  if (!word.empty()) out.push_back(std::move(word));
  return out;
}

bool is_negation(const std::string& word) { return word == "not" || word == "no" || word == "never"; }

// Words a reply may open with before its label ("Answer: ...", "Label - ...").
bool is_prefix_word(const std::string& word) {
  for (std::string_view p : {"answer", "response", "label", "category", "output", "relationship", "verdict"})
    if (word == p) return true;
  return false;
}

}  // namespace

std::optional<ClassId> extract_scheme_class(std::string_view response, const LabelScheme& scheme, ExtractMode mode) {
  const std::vector<std::string> words = words_of(response);
  std::size_t first = 0;
  while (first < words.size() && is_prefix_word(words[first])) ++first;
  const std::size_t last = mode == ExtractMode::Strict ? std::min(first + 1, words.size()) : words.size();
  constexpr std::size_t kLongestRun = 3;
  for (std::size_t i = first; i < last; ++i) {
    for (std::size_t n = std::min(kLongestRun, words.size() - i); n >= 1; --n) {
      std::string run;
      for (std::size_t k = i; k < i + n; ++k) run += words[k];
      auto cls = scheme.parse_spelling(run);
      if (!cls) continue;
      if (i > first && is_negation(words[i - 1])) break;  // "not X" where "not X" is no spelling
      return cls;
    }
  }
  return std::nullopt;
}

}  // namespace caqa
