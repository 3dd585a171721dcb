// Reads a generated answer with inline KG citations (KaLMA, Li et al. 2024, section 2.1,
// Table 13): "... in Rome [Q212657, occupation: painter, place of birth: Rome]. ... [NA]".
// Splits it into sentences and attaches each citation bracket to its sentence. Never
// throws: whatever cannot be read comes back as issues with the byte offset of its bracket.
//
// Bracket grammar (docs/kalma.md has the details):
//   [NA] or [N/A] (any case)                 a Not Applicable Citation, section 2.1
//   [QID, property: value, property: value]  one citation per property; QID = Q + digits
//   [qid: QID, property: value]              the "qid:" spelling of Table 9
//   [QID1, p: v, QID2, p: v]                 a bare QID switches the entity
// A comma starts a new "property: value" only when the text after it has a ':' preceded
// by a letter, so "date of birth: July 8, 1596" keeps its comma, and
// "topic's main category: Category:Stephen Crane" its second colon.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "caqa/kalma/triple.h"

namespace caqa::kalma {

enum class CitationProblem : std::uint8_t {
  UnclosedBracket,  // '[' with no matching ']' before the end of its line
  UnmatchedClose,   // ']' with no '[' before it
  EmptyBracket,     // "[]"
  NotACitation,     // a bracket with neither a QID nor "property: value", e.g. "[1]"
  MissingQid,       // "property: value" with no QID before it in the bracket
  BadQid,           // "qid: X" where X is not Q followed by digits
  MissingProperty,  // a QID with no "property: value" after it
  MissingValue,     // "property:" with nothing after the colon, or text with no colon
};
inline constexpr int kCitationProblemCount = static_cast<int>(CitationProblem::MissingValue) + 1;
// Stable name, e.g. "unclosed_bracket".
std::string_view citation_problem_name(CitationProblem problem);

// What one bracket's inside (without '[' and ']') says.
struct BracketContent {
  bool na = false;              // [NA]
  bool citation = false;        // a QID or a "property: value" was found: a citation bracket
  std::vector<Triple> triples;  // one per cited property; incomplete ones have empty parts
  std::vector<CitationProblem> problems;
};
BracketContent read_bracket(std::string_view content);

struct CitationIssue {
  CitationProblem problem;
  std::uint32_t offset = 0;     // byte offset of the bracket (or lone ']') in the answer
  std::uint32_t character = 0;  // the same position in code points (what Python or JavaScript count)
  std::string excerpt;          // the bracket's text, shortened, printable
};

struct Citation {
  Triple triple;             // parts may be empty: see Triple::complete()
  std::uint32_t offset = 0;  // byte offset of its '[' in the answer
};

struct Sentence {
  std::uint32_t begin = 0, end = 0;  // byte range in the answer, its citations included
  std::string text;                  // without citation and [NA] brackets: the NLI premise
  std::uint32_t na_marks = 0;        // [NA] brackets in the sentence
  std::vector<Citation> citations;   // in order of appearance
  bool has_na() const { return na_marks > 0; }
};

struct ParsedAnswer {
  std::vector<Sentence> sentences;
  std::vector<CitationIssue> issues;  // in order of offset
  std::uint32_t brackets = 0;         // brackets read as citations or [NA]
  std::size_t citation_count() const;
  std::size_t na_sentence_count() const;
};

// Sentence ends: '.', '!' or '?' (with closing quotes/parentheses) followed by white
// space or a citation, unless a lowercase ASCII letter comes next or the word before a
// single '.' is one letter ("J. R. R.", "U.S.") or a title ("Dr.", "St.", "Jr.");
// '。', '！', '？' and line breaks always. Citation brackets right after a sentence
// end belong to that sentence.
ParsedAnswer parse_answer(std::string_view answer);

// Code points before byte_offset: the position a Python or JavaScript reader sees.
std::uint32_t char_offset(std::string_view text, std::uint32_t byte_offset);

}  // namespace caqa::kalma
