// Splits a generated answer into sentences and attaches its citation brackets.
#include <algorithm>
#include <array>
#include <cstring>

#include "caqa/kalma/answer.h"
#include "caqa/source_text.h"
#include "caqa/text.h"

namespace caqa::kalma {

namespace {

constexpr std::size_t kNone = std::string_view::npos;

bool is_lower(char c) { return c >= 'a' && c <= 'z'; }
bool is_alpha(char c) { return is_lower(c) || (c >= 'A' && c <= 'Z'); }

bool starts_with_at(std::string_view text, std::size_t at, std::string_view what) {
  return text.size() - at >= what.size() && std::memcmp(text.data() + at, what.data(), what.size()) == 0;
}

// Bytes of a sentence-final mark that needs no space after it ("。", "！", "？").
std::size_t cjk_terminator(std::string_view text, std::size_t at) {
  for (std::string_view mark : {"\u3002", "\uFF01", "\uFF1F"})
    if (starts_with_at(text, at, mark)) return mark.size();
  return 0;
}

// Closing quotes and parentheses that stay with the sentence they end.
std::size_t skip_closers(std::string_view text, std::size_t at) {
  while (at < text.size()) {
    char c = text[at];
    if (c == ')' || c == '"' || c == '\'') {
      ++at;
      continue;
    }
    std::size_t len = 0;
    for (std::string_view mark : {"\u201D", "\u2019", "\u00BB"})
      if (starts_with_at(text, at, mark)) len = mark.size();
    if (len == 0) break;
    at += len;
  }
  return at;
}

// "J." "U.S." "e.g." "Dr." "St.": a '.' that ends no sentence.
bool is_abbreviation(std::string_view text, std::size_t dot) {
  std::size_t begin = dot;
  while (begin > 0 && is_alpha(text[begin - 1])) --begin;
  std::string word(text.substr(begin, dot - begin));
  if (word.size() == 1 && (!is_lower(word[0]) || (begin > 0 && text[begin - 1] == '.'))) return true;
  ascii_lower_in_place(word);
  static constexpr std::array<std::string_view, 22> kTitles = {
      "mr",  "mrs", "ms", "dr",  "prof", "st",  "jr",  "sr",  "vs", "mt", "ft",
      "gen", "col", "lt", "sgt", "capt", "rev", "hon", "fig", "ca", "cf", "approx"};
  return std::find(kTitles.begin(), kTitles.end(), word) != kTitles.end();
}

// The ']' that closes the '[' at open, or kNone when the line ends first. A bracket may
// hold brackets that are no citation ("[Q1, mother: [Ann] Sarah Kingsbury]"); an inner
// citation or [NA] means the outer '[' was never closed ("[Q1, p: v. Then [NA]. x ]").
std::size_t matching_close(std::string_view text, std::size_t open, int depth = 0) {
  if (depth > 8) return kNone;
  for (std::size_t i = open + 1; i < text.size(); ++i) {
    char c = text[i];
    if (c == '\n') return kNone;
    if (c == ']') return i;
    if (c != '[') continue;
    std::size_t inner = matching_close(text, i, depth + 1);
    if (inner == kNone) return kNone;
    BracketContent content = read_bracket(text.substr(i + 1, inner - i - 1));
    if (content.na || content.citation) return kNone;
    i = inner;
  }
  return kNone;
}

struct Bracket {
  std::size_t begin, end;  // end is one past the ']'
  BracketContent content;
};

// Finds the citation and [NA] brackets; other brackets stay text and are reported.
std::vector<Bracket> find_brackets(std::string_view text, std::vector<CitationIssue>& issues) {
  std::vector<Bracket> found;
  std::size_t counted = 0;  // issues come in offset order: count code points incrementally
  std::uint32_t characters = 0;
  auto issue = [&](CitationProblem p, std::size_t at, std::size_t len) {
    characters += char_offset(text.substr(counted), static_cast<std::uint32_t>(at - counted));
    counted = at;
    issues.push_back({p, static_cast<std::uint32_t>(at), characters, printable_excerpt(text.substr(at, len), 80)});
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == ']') issue(CitationProblem::UnmatchedClose, i, 1);
    if (text[i] != '[') continue;
    std::size_t close = matching_close(text, i);
    if (close == kNone) {
      std::size_t line_end = text.find('\n', i);
      issue(CitationProblem::UnclosedBracket, i, (line_end == kNone ? text.size() : line_end) - i);
      continue;
    }
    BracketContent content = read_bracket(text.substr(i + 1, close - i - 1));
    for (CitationProblem p : content.problems) issue(p, i, close + 1 - i);
    if (content.citation || content.na) found.push_back({i, close + 1, std::move(content)});
    i = close;
  }
  return found;
}

// Byte ranges of the sentences; citation brackets are never cut.
class SentenceSplitter {
 public:
  SentenceSplitter(std::string_view text, const std::vector<Bracket>& brackets) : text_(text), brackets_(brackets) {}

  std::vector<std::pair<std::size_t, std::size_t>> split() {
    std::size_t p = 0;
    while (p < text_.size()) {
      if (at_bracket(p)) {
        p = brackets_[next_++].end;
        continue;
      }
      std::size_t term_end = terminator_end(p);
      if (term_end == kNone) {
        ++p;
        continue;
      }
      // White space and citations after the end mark belong to the sentence it ends.
      std::size_t q = term_end, attach = term_end;
      while (q < text_.size()) {
        if (is_ascii_space(text_[q]))
          ++q;
        else if (at_bracket(q))
          attach = q = brackets_[next_++].end;
        else
          break;
      }
      bool hard = text_[p] == '\n' || cjk_terminator(text_, p) > 0;
      if (hard || q == text_.size() || !is_lower(text_[q])) close(attach, q);
      p = q;
    }
    close(text_.size(), text_.size());
    return ranges_;
  }

 private:
  bool at_bracket(std::size_t p) const { return next_ < brackets_.size() && brackets_[next_].begin == p; }

  // One past a sentence end mark starting at p, or kNone.
  std::size_t terminator_end(std::size_t p) const {
    char c = text_[p];
    if (c == '\n') return p + 1;
    if (std::size_t len = cjk_terminator(text_, p)) return skip_closers(text_, p + len);
    if (c != '.' && c != '!' && c != '?') return kNone;
    std::size_t e = p;
    while (e < text_.size() && (text_[e] == '.' || text_[e] == '!' || text_[e] == '?')) ++e;
    e = skip_closers(text_, e);
    if (e < text_.size() && !is_ascii_space(text_[e]) && !at_bracket(e)) return kNone;  // "3.5", "a.m"
    if (c == '.' && e == p + 1 && is_abbreviation(text_, p)) return kNone;
    return e;
  }

  void close(std::size_t end, std::size_t next_begin) {
    while (end > begin_ && is_ascii_space(text_[end - 1])) --end;
    while (begin_ < end && is_ascii_space(text_[begin_])) ++begin_;
    if (end > begin_) ranges_.emplace_back(begin_, end);
    begin_ = next_begin;
  }

  std::string_view text_;
  const std::vector<Bracket>& brackets_;
  std::size_t next_ = 0, begin_ = 0;
  std::vector<std::pair<std::size_t, std::size_t>> ranges_;
};

// The sentence's words without its citation brackets, spaced as prose.
std::string premise_text(std::string_view piece_text) {
  std::string s = normalize_space(piece_text);
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    bool before_mark = i + 1 < s.size() && std::strchr(".,;:!?)", s[i + 1]) != nullptr;
    for (std::string_view mark : {"\u3002", "\uFF0C", "\uFF01", "\uFF1F", "\u3001"})
      before_mark = before_mark || starts_with_at(s, i + 1, mark);
    if (s[i] == ' ' && before_mark) continue;  // "Rome [Q1, ...]." reads "Rome."
    out += s[i];
  }
  return out;
}

// next: the first bracket not before begin; left past the sentence's last bracket.
Sentence make_sentence(std::string_view text, std::size_t begin, std::size_t end, const std::vector<Bracket>& brackets,
                       std::size_t& next) {
  Sentence s;
  s.begin = static_cast<std::uint32_t>(begin);
  s.end = static_cast<std::uint32_t>(end);
  std::string words;
  std::size_t at = begin;
  while (next < brackets.size() && brackets[next].begin < begin) ++next;
  for (; next < brackets.size() && brackets[next].begin < end; ++next) {
    const Bracket& b = brackets[next];
    words.append(text.substr(at, b.begin - at)).push_back(' ');
    at = b.end;
    s.na_marks += b.content.na;
    for (const Triple& t : b.content.triples) s.citations.push_back({t, static_cast<std::uint32_t>(b.begin)});
  }
  words.append(text.substr(at, end - at));
  s.text = premise_text(words);
  return s;
}

// A sentence of citations only ("[NA]" on a line of its own) joins the next sentence,
// or the previous one at the end.
std::vector<Sentence> merge_empty(std::vector<Sentence> raw) {
  std::vector<Sentence> out;
  Sentence pending;
  bool has_pending = false;
  for (Sentence& s : raw) {
    if (s.text.empty()) {
      if (!has_pending) pending.begin = s.begin;
      pending.end = s.end;
      pending.na_marks += s.na_marks;
      pending.citations.insert(pending.citations.end(), s.citations.begin(), s.citations.end());
      has_pending = true;
      continue;
    }
    if (has_pending) {
      s.begin = pending.begin;
      s.na_marks += pending.na_marks;
      s.citations.insert(s.citations.begin(), pending.citations.begin(), pending.citations.end());
      pending = Sentence{};
      has_pending = false;
    }
    out.push_back(std::move(s));
  }
  if (has_pending && out.empty())
    out.push_back(std::move(pending));
  else if (has_pending) {
    Sentence& last = out.back();
    last.end = pending.end;
    last.na_marks += pending.na_marks;
    last.citations.insert(last.citations.end(), pending.citations.begin(), pending.citations.end());
  }
  return out;
}

}  // namespace

std::size_t ParsedAnswer::citation_count() const {
  std::size_t n = 0;
  for (const auto& s : sentences) n += s.citations.size();
  return n;
}

std::size_t ParsedAnswer::na_sentence_count() const {
  return static_cast<std::size_t>(
      std::count_if(sentences.begin(), sentences.end(), [](const Sentence& s) { return s.has_na(); }));
}

ParsedAnswer parse_answer(std::string_view answer) {
  ParsedAnswer out;
  std::vector<Bracket> brackets = find_brackets(answer, out.issues);
  out.brackets = static_cast<std::uint32_t>(brackets.size());
  std::vector<Sentence> raw;
  std::size_t next = 0;
  for (auto [begin, end] : SentenceSplitter(answer, brackets).split())
    raw.push_back(make_sentence(answer, begin, end, brackets, next));
  out.sentences = merge_empty(std::move(raw));
  return out;
}

std::uint32_t char_offset(std::string_view text, std::uint32_t byte_offset) {
  std::uint32_t n = 0;
  for (std::size_t i = 0; i < byte_offset && i < text.size(); ++i)
    n += (static_cast<unsigned char>(text[i]) & 0xC0) != 0x80;
  return n;
}

}  // namespace caqa::kalma
