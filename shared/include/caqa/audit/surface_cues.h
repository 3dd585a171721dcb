// Surface statistics of a sample that its label must not depend on, one vector per
// sample: the dense probes of `caqa audit` read them, and the builder matches the four
// citations of a question on them (docs/benchmark.md, "Artifact controls").
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "caqa/audit/audit_sample.h"

namespace caqa::audit {

// Sentences: runs ended by . ! or ? before white space or the end (a last unterminated
// run counts too).
int sentence_count(std::string_view text);

// Citation characters, citation sentences, question characters, answer characters, the
// citation's distinct content words, and those over all its content words (a citation
// that names many things, rather than a few things many times, has more for its length).
std::vector<double> length_cues(const AuditSample& sample);
// The position of the share of distinct words in length_cues: the one fraction there.
inline constexpr std::size_t kDistinctShareCue = 5;

// Fractions found in the citation (case-insensitive; -1 where undefined): the answer's
// name-like spans that the question does not contain (its claim), the given answer
// entities, the question's content words, the answer's content words, the claim's
// content words; and the fraction of the citation's content words that question and
// answer do not contain.
std::vector<double> presence_cues(const AuditSample& sample);

// The question's and answer's side of both cue vectors, worked out once for the many
// citations a question is drafted with (the builder's cue matching).
class QuestionCues {
 public:
  QuestionCues(std::string_view question, std::string_view answer,
               const std::vector<std::string_view>& answer_entities = {});
  // length_cues, then presence_cues, of one citation (read once for both).
  std::vector<double> all(std::string_view citation) const;
  std::vector<double> lengths(std::string_view citation) const;
  std::vector<double> presence(std::string_view citation) const;

 private:
  static constexpr std::size_t kLengthCues = 6, kPresenceCues = 6;
  // A citation's words as the cues read them, in one pass and without a string per word.
  struct CitationWords {
    std::string text;                     // lower-cased words, each followed by a space, after a space
    std::size_t content = 0;              // words that are not stop words
    std::vector<std::uint64_t> distinct;  // those, hashed as content_words(), sorted, distinct
    int sentences = 0;                    // sentence_count of the citation
  };
  static void read(std::string_view citation, CitationWords& out);
  static CitationWords& read_into_scratch(std::string_view citation);
  void lengths_of(std::string_view citation, const CitationWords& words, std::vector<double>& out) const;
  void presence_of(const CitationWords& words, std::vector<double>& out) const;

  double question_chars_, answer_chars_;
  std::vector<std::string> claim_, entities_;                              // as " word word ", to find whole words
  std::vector<std::uint64_t> q_words_, a_words_, claim_words_, qa_words_;  // hashed, as content_words()
};

// length_cues and presence_cues of many samples whose questions and answers repeat (a built
// benchmark states each in up to four samples): the question's side is worked out once per
// distinct question, answer and answer entities, and kept. The values are those functions'.
class CueReader {
 public:
  std::vector<double> lengths(const AuditSample& sample);
  std::vector<double> presence(const AuditSample& sample);

 private:
  const QuestionCues& question_side(const AuditSample& sample);
  std::unordered_map<std::string, QuestionCues> sides_;
  std::string key_;
};

}  // namespace caqa::audit
