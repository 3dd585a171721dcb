// The inside of one citation bracket: [QID, property: value, ...] or [NA].
#include <array>
#include <cstdint>

#include "caqa/kalma/answer.h"
#include "caqa/text.h"

namespace caqa::kalma {

namespace {

bool equals_ignoring_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (ascii_lower(a[i]) != b[i]) return false;
  }
  return true;
}

bool is_qid(std::string_view t) {
  if (t.size() < 2 || t[0] != 'Q') return false;
  for (std::size_t i = 1; i < t.size(); ++i)
    if (t[i] < '0' || t[i] > '9') return false;
  return true;
}

bool is_na(std::string_view t) { return equals_ignoring_case(t, "na") || equals_ignoring_case(t, "n/a"); }

// A property name holds a letter (ASCII or not): "10:30" is no "property: value".
bool has_letter(std::string_view t) {
  for (char c : t)
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || static_cast<unsigned char>(c) >= 0x80) return true;
  return false;
}

// Walks the comma-separated segments of one bracket.
class BracketReader {
 public:
  explicit BracketReader(std::string_view content) : content_(content) {}

  BracketContent read() {
    std::size_t start = 0;
    while (true) {
      std::size_t comma = content_.find(',', start);
      if (comma == std::string_view::npos) comma = content_.size();
      segment(start, comma);
      if (comma == content_.size()) break;
      start = comma + 1;
    }
    end_entity();
    out_.citation = seen_qid_ || seen_pair_;
    if (!out_.citation && (!out_.na || !parts_.empty())) out_.problems.push_back(CitationProblem::NotACitation);
    for (const Part& p : parts_) {
      if (p.kind == Part::Kind::Text && !out_.citation) continue;
      std::string_view value = content_.substr(p.value_begin, p.value_end - p.value_begin);
      out_.triples.push_back(make_triple(p.qid, p.property, value));
      if (p.kind == Part::Kind::QidOnly)
        out_.problems.push_back(CitationProblem::MissingProperty);
      else if (out_.triples.back().value.empty())
        out_.problems.push_back(CitationProblem::MissingValue);
    }
    return std::move(out_);
  }

 private:
  // One cited thing, in order of appearance; the value is a byte range of the content.
  struct Part {
    enum class Kind : std::uint8_t { Pair, QidOnly, Text } kind;
    std::string qid, property;
    std::size_t value_begin = 0, value_end = 0;
  };

  void segment(std::size_t begin, std::size_t end) {
    std::string_view t = trim_space(content_.substr(begin, end - begin));
    if (t.empty()) return;  // "[Q1, p: v,]" or ", ,"
    std::size_t colon = content_.find(':', begin);
    if (colon >= end) colon = std::string_view::npos;
    std::string_view key =
        colon == std::string_view::npos ? std::string_view() : trim_space(content_.substr(begin, colon - begin));
    if (is_na(t)) {
      out_.na = true;
      open_ = false;
    } else if (is_qid(t)) {
      start_entity(t);
    } else if (colon != std::string_view::npos && has_letter(key)) {
      if (equals_ignoring_case(key, "qid")) {
        std::string_view id = trim_space(content_.substr(colon + 1, end - colon - 1));
        if (is_qid(id))
          start_entity(id);
        else
          out_.problems.push_back(CitationProblem::BadQid);
        open_ = false;
        return;
      }
      if (qid_.empty() && !reported_missing_qid_) {
        out_.problems.push_back(CitationProblem::MissingQid);
        reported_missing_qid_ = true;
      }
      parts_.push_back({Part::Kind::Pair, qid_, std::string(key), colon + 1, end});
      open_ = seen_pair_ = entity_cited_ = true;
    } else if (open_) {
      parts_.back().value_end = end;  // a comma inside the value: "July 8, 1596"
    } else {
      parts_.push_back({Part::Kind::Text, qid_, std::string(t), 0, 0});  // "[Q1, place of birth]"
      entity_cited_ = true;
    }
  }

  void start_entity(std::string_view qid) {
    end_entity();
    qid_ = std::string(qid);
    seen_qid_ = true;
    entity_cited_ = open_ = false;
  }

  // A QID with nothing cited after it is an incomplete citation of its own.
  void end_entity() {
    if (!qid_.empty() && !entity_cited_) parts_.push_back({Part::Kind::QidOnly, qid_, "", 0, 0});
  }

  std::string_view content_;
  BracketContent out_;
  std::string qid_;
  bool seen_qid_ = false, seen_pair_ = false, entity_cited_ = false, reported_missing_qid_ = false, open_ = false;
  std::vector<Part> parts_;
};

constexpr std::array<std::string_view, kCitationProblemCount> kProblemNames = {
    "unclosed_bracket", "unmatched_close", "empty_bracket",    "not_a_citation",
    "missing_qid",      "bad_qid",         "missing_property", "missing_value"};

}  // namespace

std::string_view citation_problem_name(CitationProblem problem) { return kProblemNames[static_cast<int>(problem)]; }

BracketContent read_bracket(std::string_view content) {
  std::string_view t = trim_space(content);
  if (t.empty()) {
    BracketContent out;
    out.citation = true;  // an attempt at a citation: removed from the sentence, reported
    out.problems.push_back(CitationProblem::EmptyBracket);
    return out;
  }
  if (is_na(t)) {
    BracketContent out;
    out.na = true;
    return out;
  }
  return BracketReader(content).read();
}

}  // namespace caqa::kalma
