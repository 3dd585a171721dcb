// The KaLMA report: citation quality, alignment and [NA] metrics of one answers file,
// as a versioned JSON document (keys in a fixed order), a terminal table or Markdown;
// and the list of sentence-knowledge pairs an NLI model has to judge.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "caqa/kalma/answer.h"
#include "caqa/kalma/inputs.h"
#include "caqa/kalma/metrics.h"

namespace caqa::kalma {

inline constexpr int kKalmaSchemaVersion = 1;

// What the front end knows about the files; the core does no I/O.
struct KalmaSources {
  std::string questions, answers;
  std::string judgments;  // empty when no judgments file was given
};

struct IssueExample {
  std::string question_id;
  std::uint32_t line = 0;  // of the answers file
  CitationIssue issue;
};

struct KalmaReport {
  std::string signature;
  KalmaSources sources;
  bool judged = false;  // a judgments file was given: alignment and [NA] scores are defined
  std::size_t questions = 0, answer_lines = 0, answered = 0, missing_answers = 0, unknown_answer_lines = 0;
  std::size_t sentences = 0, brackets = 0, na_marks = 0, na_sentences = 0;
  std::size_t judgment_lines = 0, ignored_judgment_lines = 0;
  CitationQuality quality;
  Alignment alignment;       // scores NaN unless judged
  ConsciousIncompetence na;  // scores NaN unless judged
  std::size_t issues = 0;
  std::array<std::size_t, kCitationProblemCount> issues_by_problem{};
  std::vector<IssueExample> issue_examples;  // the first kMaxIssueExamples
  static constexpr std::size_t kMaxIssueExamples = 10;
};

// judgments may be null (no judgments file): alignment and [NA] scores stay undefined.
KalmaReport kalma_report(const QuestionSet& questions, const AnswerParse& answers, const JudgmentParse* judgments,
                         KalmaSources sources);

std::string kalma_json(const KalmaReport& report);
std::string kalma_table(const KalmaReport& report);
std::string kalma_markdown(const KalmaReport& report);

// One JSON line per sentence-knowledge pair to judge: question_id, sentence_index,
// sentence (the premise), knowledge, hypothesis ("property: value") and "for"
// (["alignment"], ["na"] or both). Add "entailed" to each line to make a judgments file.
std::string kalma_pairs_jsonl(const QuestionSet& questions, const AnswerParse& answers);

}  // namespace caqa::kalma
