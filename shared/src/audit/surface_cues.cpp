#include "caqa/audit/surface_cues.h"

#include <algorithm>
#include <string>

#include "../baseline/tokens.h"
#include "caqa/text.h"

namespace caqa::audit {

namespace {

using baseline::detail::Token;

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

std::vector<std::string> content_words(const std::vector<Token>& tokens) {
  std::vector<std::string> out;
  for (const Token& t : tokens)
    if (!t.stop) out.push_back(t.lower);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

// Maximal runs of name-like tokens (capitalised words, numbers), as lower-cased text.
std::vector<std::string> name_spans(const std::vector<Token>& tokens) {
  std::vector<std::string> out;
  std::string span;
  for (const Token& t : tokens) {
    if (t.entity) {
      span += (span.empty() ? "" : " ") + t.lower;
    } else if (!span.empty()) {
      out.push_back(std::move(span));
      span.clear();
    }
  }
  if (!span.empty()) out.push_back(std::move(span));
  return out;
}

// Lower-cased words joined by single spaces, padded, so " united states " finds whole words.
std::string word_text(const std::vector<Token>& tokens) {
  std::string out = " ";
  for (const Token& t : tokens) out += t.lower + " ";
  return out;
}

bool contains_words(const std::string& text, std::string_view words) {
  return text.find(" " + std::string(words) + " ") != std::string::npos;
}

// Fraction of items found, -1 when there are none.
template <class Found>
double fraction(const std::vector<std::string>& items, Found found) {
  if (items.empty()) return -1;
  return static_cast<double>(std::count_if(items.begin(), items.end(), found)) / static_cast<double>(items.size());
}

bool sorted_contains(const std::vector<std::string>& sorted, const std::string& word) {
  return std::binary_search(sorted.begin(), sorted.end(), word);
}

}  // namespace

int sentence_count(std::string_view text) {
  int count = 0;
  bool open = false;  // a run with text not yet ended
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if ((c == '.' || c == '!' || c == '?') && open && (i + 1 == text.size() || is_space(text[i + 1]))) {
      ++count;
      open = false;
    } else if (!is_space(c)) {
      open = true;
    }
  }
  return count + (open ? 1 : 0);
}

std::vector<double> length_cues(const AuditSample& s) {
  const auto citation = baseline::detail::tokenize(s.citation);
  const auto content =
      static_cast<double>(std::count_if(citation.begin(), citation.end(), [](const Token& t) { return !t.stop; }));
  const auto distinct = static_cast<double>(content_words(citation).size());
  return {static_cast<double>(s.citation.size()),
          static_cast<double>(sentence_count(s.citation)),
          static_cast<double>(s.question.size()),
          static_cast<double>(s.answer.size()),
          distinct,
          content == 0 ? -1 : distinct / content};
}

std::vector<double> presence_cues(const AuditSample& s) {
  const auto question = baseline::detail::tokenize(s.question);
  const auto answer = baseline::detail::tokenize(s.answer);
  const auto citation = baseline::detail::tokenize(s.citation);
  const std::string question_text = word_text(question), citation_text = word_text(citation);

  std::vector<std::string> claim;  // the answer's names that the question does not already hold
  for (auto& span : name_spans(answer))
    if (!contains_words(question_text, span)) claim.push_back(std::move(span));
  std::vector<std::string> entities;
  for (std::string_view e : s.answer_entities)
    if (auto tokens = baseline::detail::tokenize(e); !tokens.empty()) entities.push_back(word_text(tokens));
  const auto q_words = content_words(question), a_words = content_words(answer), c_words = content_words(citation);
  std::vector<std::string> claim_words, qa_words;
  std::set_difference(a_words.begin(), a_words.end(), q_words.begin(), q_words.end(), std::back_inserter(claim_words));
  std::set_union(a_words.begin(), a_words.end(), q_words.begin(), q_words.end(), std::back_inserter(qa_words));

  auto in_citation = [&](const std::string& w) { return sorted_contains(c_words, w); };
  auto not_in_qa = [&](const std::string& w) { return !sorted_contains(qa_words, w); };
  return {
      fraction(claim, [&](const std::string& span) { return contains_words(citation_text, span); }),
      fraction(entities, [&](const std::string& e) { return citation_text.find(e) != std::string::npos; }),
      fraction(q_words, in_citation),
      fraction(a_words, in_citation),
      fraction(claim_words, in_citation),
      fraction(c_words, not_in_qa),
  };
}

}  // namespace caqa::audit
