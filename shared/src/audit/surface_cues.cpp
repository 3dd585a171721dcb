#include "caqa/audit/surface_cues.h"

#include <algorithm>
#include <string>

#include "../baseline/tokens.h"
#include "caqa/hash.h"
#include "caqa/text.h"

namespace caqa::audit {

namespace {

using baseline::detail::Token;

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// Distinct content words, each as a 64-bit hash of its lower-cased text: sorting and
// looking up numbers, not strings, is what makes matching 32 drafts per question cheap. A
// collision among a sample's few dozen words has odds below 1e-16.
std::vector<std::uint64_t> content_words(const std::vector<Token>& tokens) {
  std::vector<std::uint64_t> out;
  for (const Token& t : tokens)
    if (!t.stop) out.push_back(fnv1a64(t.lower));
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

// Fraction of items found, -1 when there are none.
template <class Item, class Found>
double fraction(const std::vector<Item>& items, Found found) {
  if (items.empty()) return -1;
  return static_cast<double>(std::count_if(items.begin(), items.end(), found)) / static_cast<double>(items.size());
}

// Byte i's step of sentence_count: a stop after text and before white space (or the end)
// ends a sentence, any other byte but white space is text.
void count_sentence_at(std::string_view text, std::size_t i, int& count, bool& open) {
  const char c = text[i];
  if (is_space(c)) return;
  if ((c == '.' || c == '!' || c == '?') && open && (i + 1 == text.size() || is_space(text[i + 1]))) {
    ++count;
    open = false;
  } else {
    open = true;
  }
}

bool sorted_contains(const std::vector<std::uint64_t>& sorted, std::uint64_t word) {
  return std::binary_search(sorted.begin(), sorted.end(), word);
}

}  // namespace

int sentence_count(std::string_view text) {
  int count = 0;
  bool open = false;  // a run with text not yet ended
  for (std::size_t i = 0; i < text.size(); ++i) count_sentence_at(text, i, count, open);
  return count + (open ? 1 : 0);
}

QuestionCues::QuestionCues(std::string_view question, std::string_view answer,
                           const std::vector<std::string_view>& answer_entities)
    : question_chars_(static_cast<double>(question.size())), answer_chars_(static_cast<double>(answer.size())) {
  const auto q_tokens = baseline::detail::tokenize(question);
  const auto a_tokens = baseline::detail::tokenize(answer);
  const std::string question_text = word_text(q_tokens);
  // The answer's names that the question does not already hold: its claim.
  for (const auto& span : name_spans(a_tokens))
    if (std::string padded = " " + span + " "; question_text.find(padded) == std::string::npos)
      claim_.push_back(std::move(padded));
  for (std::string_view e : answer_entities)
    if (auto tokens = baseline::detail::tokenize(e); !tokens.empty()) entities_.push_back(word_text(tokens));
  q_words_ = content_words(q_tokens);
  a_words_ = content_words(a_tokens);
  std::set_difference(a_words_.begin(), a_words_.end(), q_words_.begin(), q_words_.end(),
                      std::back_inserter(claim_words_));
  std::set_union(a_words_.begin(), a_words_.end(), q_words_.begin(), q_words_.end(), std::back_inserter(qa_words_));
}

void QuestionCues::read(std::string_view citation, CitationWords& out) {
  out.content = 0;
  out.distinct.clear();
  // A space, then each word and a space: at most one byte more per byte of the citation.
  out.text.resize(2 * citation.size() + 1);
  char* const text = out.text.data();
  const char* const in = citation.data();
  const std::size_t n = citation.size();
  std::size_t size = 0;
  // sentence_count in the same pass: a word byte is neither white space nor a stop.
  int sentences = 0;
  bool open = false;
  text[size++] = ' ';
  for (std::size_t i = 0; i < n;) {
    for (; i < n && !is_word_byte(in[i]); ++i) count_sentence_at(citation, i, sentences, open);
    const std::size_t begin = i, at = size;
    std::uint64_t hash = kFnv1aOffset;
    for (; i < n && is_word_byte(in[i]); ++i) {
      const char lower = ascii_lower(in[i]);
      text[size++] = lower;
      hash = (hash ^ static_cast<unsigned char>(lower)) * kFnv1aPrime;
    }
    if (i == begin) break;
    open = true;
    if (baseline::detail::is_citation_marker(citation, {begin, i})) {
      size = at;
      continue;
    }
    if (!is_stop_word(std::string_view(text + at, i - begin))) {
      ++out.content;
      out.distinct.push_back(hash);
    }
    text[size++] = ' ';
  }
  out.text.resize(size);
  out.sentences = sentences + (open ? 1 : 0);
  std::sort(out.distinct.begin(), out.distinct.end());
  out.distinct.erase(std::unique(out.distinct.begin(), out.distinct.end()), out.distinct.end());
}

void QuestionCues::lengths_of(std::string_view citation, const CitationWords& words, std::vector<double>& out) const {
  const auto content = static_cast<double>(words.content);
  const auto distinct = static_cast<double>(words.distinct.size());
  out.insert(out.end(), {static_cast<double>(citation.size()), static_cast<double>(words.sentences), question_chars_,
                         answer_chars_, distinct, content == 0 ? -1 : distinct / content});
}

void QuestionCues::presence_of(const CitationWords& words, std::vector<double>& out) const {
  const std::vector<std::uint64_t>& c_words = words.distinct;
  auto in_citation = [&](std::uint64_t w) { return sorted_contains(c_words, w); };
  auto not_in_qa = [&](std::uint64_t w) { return !sorted_contains(qa_words_, w); };
  const std::string_view text = words.text;
  auto in_text = [&](const std::string& padded) { return text.find(padded) != std::string_view::npos; };
  out.insert(out.end(),
             {fraction(claim_, in_text), fraction(entities_, in_text), fraction(q_words_, in_citation),
              fraction(a_words_, in_citation), fraction(claim_words_, in_citation), fraction(c_words, not_in_qa)});
}

// The builder reads some thirty drafts per question: one buffer per thread, reused.
QuestionCues::CitationWords& QuestionCues::read_into_scratch(std::string_view citation) {
  thread_local CitationWords words;
  read(citation, words);
  return words;
}

std::vector<double> QuestionCues::all(std::string_view citation) const {
  const CitationWords& words = read_into_scratch(citation);
  std::vector<double> out;
  out.reserve(kLengthCues + kPresenceCues);
  lengths_of(citation, words, out);
  presence_of(words, out);
  return out;
}

std::vector<double> QuestionCues::lengths(std::string_view citation) const {
  std::vector<double> out;
  out.reserve(kLengthCues);
  lengths_of(citation, read_into_scratch(citation), out);
  return out;
}

std::vector<double> QuestionCues::presence(std::string_view citation) const {
  std::vector<double> out;
  out.reserve(kPresenceCues);
  presence_of(read_into_scratch(citation), out);
  return out;
}

std::vector<double> length_cues(const AuditSample& s) { return QuestionCues(s.question, s.answer).lengths(s.citation); }

std::vector<double> presence_cues(const AuditSample& s) {
  return QuestionCues(s.question, s.answer, s.answer_entities).presence(s.citation);
}

const QuestionCues& CueReader::question_side(const AuditSample& s) {
  key_.clear();
  append_key_part(key_, s.question);
  append_key_part(key_, s.answer);
  for (std::string_view e : s.answer_entities) append_key_part(key_, e);
  auto found = sides_.find(key_);
  if (found == sides_.end()) found = sides_.emplace(key_, QuestionCues(s.question, s.answer, s.answer_entities)).first;
  return found->second;
}

// The answer entities enter presence only: lengths from a side built with them are
// length_cues' (built without).
std::vector<double> CueReader::lengths(const AuditSample& s) { return question_side(s).lengths(s.citation); }

std::vector<double> CueReader::presence(const AuditSample& s) { return question_side(s).presence(s.citation); }

}  // namespace caqa::audit
