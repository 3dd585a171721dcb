// The KaLMA citation metrics (Li et al., Findings ACL 2024, section 4), one file each:
//   citation_quality.cpp        correctness, precision, recall, F1 (section 4.2)
//   alignment.cpp               text-citation alignment (section 4.3)
//   conscious_incompetence.cpp  [NA] precision, recall, F1 (sections 4.4 and 4.5)
// Undefined values (0/0) are NaN; reports print them as null or "-".
#pragma once

#include <cstddef>
#include <limits>
#include <vector>

#include "caqa/kalma/answer.h"
#include "caqa/kalma/inputs.h"
#include "caqa/kalma/judgments.h"

namespace caqa::kalma {

inline constexpr double kUndefined = std::numeric_limits<double>::quiet_NaN();

// part / whole, NaN when whole is 0.
inline double ratio(std::size_t part, std::size_t whole) {
  return whole == 0 ? kUndefined : static_cast<double>(part) / static_cast<double>(whole);
}
// F1 of a precision and a recall: 2PR/(P+R); 0 when both are 0; NaN when either is NaN.
double harmonic_mean(double precision, double recall);

// One answer's citation counts against its question.
//   citation correct: complete (QID, property, value) and in the question's retrieved KG
//   citation precise: correct and in the minimum knowledge set
//   knowledge recalled: a minimum-set triple equal to some correct citation of the answer
struct CitationCounts {
  std::size_t citations = 0, correct = 0, precise = 0;  // per citation (each occurrence counts)
  std::size_t knowledge = 0, recalled = 0;              // per distinct minimum-set triple
  bool operator==(const CitationCounts&) const = default;
};
CitationCounts count_citations(const Question& question, const ParsedAnswer& answer);

// Section 4.2. Micro: pooled counts over all answers. Macro: the mean of answer-level
// values over the answers where they are defined (precision and correctness need a
// citation, recall a minimum-set triple). F1 = harmonic_mean of the same-scale P and R.
struct CitationQuality {
  std::size_t answers = 0;  // questions scored (an unanswered question is an answer with no citations)
  std::size_t answers_with_citations = 0, answers_with_knowledge = 0;
  CitationCounts total;
  double correctness_micro = kUndefined, correctness_macro = kUndefined;
  double precision_micro = kUndefined, precision_macro = kUndefined;
  double recall_micro = kUndefined, recall_macro = kUndefined;
  double f1_micro = kUndefined, f1_macro = kUndefined;
};
CitationQuality citation_quality(const QuestionSet& questions, const std::vector<ParsedAnswer>& answers);

// Section 4.3: entailed sentence-citation pairs / all sentence-citation pairs (distinct
// cited triples with a property and a value, per sentence). Unjudged pairs count as
// not entailed.
struct Alignment {
  std::size_t pairs = 0, judged = 0, entailed = 0;
  double score = kUndefined;
};
Alignment alignment(const QuestionSet& questions, const std::vector<ParsedAnswer>& answers, const Judgments& judgments);

// Sections 4.4-4.5, over the questions that have "absent_knowledge".
//   [NA] precision: per sentence with [NA], 1 if it entails one absent-knowledge triple,
//                   or if it is judged not to answer the question (section 4.5)
//   [NA] recall:    per absent-knowledge triple, 1 if a sentence with [NA] entails it
// Micro averages over all such sentences / triples; F1 = harmonic_mean.
struct ConsciousIncompetence {
  std::size_t questions = 0;
  std::size_t na_sentences = 0, na_sentences_correct = 0, na_sentences_off_topic = 0;
  std::size_t absent = 0, absent_recalled = 0;
  std::size_t pairs = 0, judged = 0;
  double precision = kUndefined, recall = kUndefined, f1 = kUndefined;
};
ConsciousIncompetence conscious_incompetence(const QuestionSet& questions, const std::vector<ParsedAnswer>& answers,
                                             const Judgments& judgments);

}  // namespace caqa::kalma
