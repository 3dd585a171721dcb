#include "caqa/label_extract.h"

#include "caqa/text.h"

#include <array>
#include <string>
#include <vector>

namespace caqa {

namespace {

struct Token {
  std::size_t begin, end;  // byte range in the response
  std::string word;        // lower-case letters
};

std::vector<Token> tokenize(std::string_view text) {
  std::vector<Token> tokens;
  std::size_t i = 0;
  auto is_letter = [](unsigned char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
  while (i < text.size()) {
    if (!is_letter(text[i])) {
      ++i;
      continue;
    }
    Token t{i, i, {}};
    while (i < text.size() && is_letter(text[i])) {
      t.word.push_back(ascii_lower(text[i]));
      ++i;
    }
    t.end = i;
    tokens.push_back(std::move(t));
  }
  return tokens;
}

struct Phrase {
  std::array<std::string_view, 2> words;  // second empty for one-word phrases
  Label label;
};

// Longest phrases first, so "partially supportive" wins over "supportive".
constexpr std::array<Phrase, 30> kPhrases = {{
    {{"partially", "supportive"}, Label::PartiallySupportive},
    {{"partially", "supported"}, Label::PartiallySupportive},
    {{"partially", "supports"}, Label::PartiallySupportive},
    {{"partially", "support"}, Label::PartiallySupportive},
    {{"partial", "support"}, Label::PartiallySupportive},
    {{"partial", "supportive"}, Label::PartiallySupportive},
    {{"fully", "supportive"}, Label::Supportive},
    {{"fully", "supported"}, Label::Supportive},
    {{"fully", "supports"}, Label::Supportive},
    {{"not", "relevant"}, Label::Irrelevant},
    {{"partial", ""}, Label::PartiallySupportive},
    {{"insufficient", ""}, Label::PartiallySupportive},
    {{"missing", ""}, Label::PartiallySupportive},
    {{"supportive", ""}, Label::Supportive},
    {{"support", ""}, Label::Supportive},
    {{"supports", ""}, Label::Supportive},
    {{"supported", ""}, Label::Supportive},
    {{"attributable", ""}, Label::Supportive},
    {{"contradictory", ""}, Label::Contradictory},
    {{"contradiction", ""}, Label::Contradictory},
    {{"contradicts", ""}, Label::Contradictory},
    {{"contradict", ""}, Label::Contradictory},
    {{"contradicted", ""}, Label::Contradictory},
    {{"contradicting", ""}, Label::Contradictory},
    {{"irrelevant", ""}, Label::Irrelevant},
    {{"extrapolatory", ""}, Label::Irrelevant},
    {{"unrelated", ""}, Label::Irrelevant},
    {{"irrelevance", ""}, Label::Irrelevant},
    {{"nonrelevant", ""}, Label::Irrelevant},
    {{"unsupportive", ""}, Label::Supportive},  // negated below: never read as supportive
}};

// Words that negate a category named within the next two words:
// "not supportive", "doesn't support" (n't tokenizes to "t"), "nothing is missing".
constexpr std::array<std::string_view, 11> kNegations = {"not",     "no",     "non",     "never", "t",      "nor",
                                                         "neither", "cannot", "nothing", "none",  "without"};

// Leading words a judge writes before the category: "Relationship Category:", "Response:".
constexpr std::array<std::string_view, 11> kPrefixWords = {"relationship", "category", "response",   "answer",
                                                           "label",        "output",   "prediction", "judgement",
                                                           "judgment",     "final",    "verdict"};

struct Mention {
  std::size_t first_token, last_token;
  Label label;
  bool negated;
};

bool contains(const auto& list, std::string_view w) {
  for (auto x : list)
    if (x == w) return true;
  return false;
}

std::vector<Mention> find_mentions(const std::vector<Token>& tokens) {
  std::vector<Mention> out;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    for (const Phrase& p : kPhrases) {
      bool two = !p.words[1].empty();
      if (tokens[i].word != p.words[0]) continue;
      if (two && (i + 1 >= tokens.size() || tokens[i + 1].word != p.words[1])) continue;
      bool negated = p.words[0] == "unsupportive";
      for (std::size_t back = 1; back <= 2 && back <= i; ++back)
        negated = negated || contains(kNegations, tokens[i - back].word);
      // "not relevant" is itself a negation that yields a category.
      if (p.words[0] == "not") negated = false;
      out.push_back({i, two ? i + 1 : i, p.label, negated});
      i += two ? 1 : 0;
      break;
    }
  }
  return out;
}

bool sentence_break_between(std::string_view text, std::size_t from, std::size_t to) {
  for (std::size_t k = from; k < to; ++k)
    if (text[k] == '.' || text[k] == '!' || text[k] == '?' || text[k] == '\n') return true;
  return false;
}

}  // namespace

std::string_view extract_mode_name(ExtractMode mode) { return mode == ExtractMode::Strict ? "strict" : "lenient"; }

std::optional<ExtractMode> parse_extract_mode(std::string_view text) {
  if (text == "lenient") return ExtractMode::Lenient;
  if (text == "strict") return ExtractMode::Strict;
  return std::nullopt;
}

Extraction extract_label(std::string_view response, ExtractMode mode) {
  std::vector<Token> tokens = tokenize(response);
  std::size_t start = 0;
  while (start < tokens.size() && contains(kPrefixWords, tokens[start].word)) ++start;

  std::vector<Mention> all = find_mentions(tokens);
  std::vector<Mention> mentions;
  for (const Mention& m : all)
    if (!m.negated) mentions.push_back(m);

  // A reply that lists the categories instead of choosing one.
  std::array<bool, kLabelCount> seen{};
  int distinct = 0;
  for (const Mention& m : mentions)
    if (!seen[index_of(m.label)]) seen[index_of(m.label)] = true, ++distinct;
  if (distinct >= 3) return {ExtractStatus::Ambiguous, Label::Supportive};

  bool leads = !mentions.empty() && mentions[0].first_token == start;
  if (leads) {
    // "Supportive or Insufficient": two categories back to back is no choice.
    if (mentions.size() > 1 && mentions[1].first_token <= mentions[0].last_token + 2 &&
        mentions[1].label != mentions[0].label)
      return {ExtractStatus::Ambiguous, Label::Supportive};
    return {ExtractStatus::Found, mentions[0].label};
  }
  if (mode == ExtractMode::Strict || mentions.empty()) return {ExtractStatus::NoCategory, Label::Supportive};

  const Mention& first = mentions[0];
  for (std::size_t k = 1; k < mentions.size(); ++k) {
    if (sentence_break_between(response, tokens[first.last_token].end, tokens[mentions[k].first_token].begin)) break;
    if (mentions[k].label != first.label) return {ExtractStatus::Ambiguous, Label::Supportive};
  }
  return {ExtractStatus::Found, first.label};
}

}  // namespace caqa
