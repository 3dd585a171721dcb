// Builds the KaLMA report from the parsed inputs: counts, metrics, citation problems.
#include "caqa/kalma/report.h"

#include <fmt/format.h>

namespace caqa::kalma {

namespace {

// How the numbers were computed; bump the splitter version when sentence ends change,
// since judgments files refer to sentences by index.
std::string signature(const KalmaReport& r) {
  return fmt::format(
      "caqa-kalma:{}|questions:{}|answered:{}|match:exact-space|missing:no-citations|unjudged:not-entailed|"
      "judgments:{}|sentences:1",
      kKalmaSchemaVersion, r.questions, r.answered, r.judged ? "yes" : "no");
}

}  // namespace

KalmaReport kalma_report(const QuestionSet& questions, const AnswerParse& answers, const JudgmentParse* judgments,
                         KalmaSources sources) {
  KalmaReport r;
  r.sources = std::move(sources);
  r.judged = judgments != nullptr;
  r.questions = questions.size();
  r.answer_lines = answers.lines_read;
  r.answered = answers.answered;
  r.missing_answers = answers.missing;
  r.unknown_answer_lines = answers.unknown_lines;
  for (std::size_t q = 0; q < answers.answers.size(); ++q) {
    const ParsedAnswer& a = answers.answers[q];
    r.sentences += a.sentences.size();
    r.brackets += a.brackets;
    r.na_sentences += a.na_sentence_count();
    for (const Sentence& s : a.sentences) r.na_marks += s.na_marks;
    for (const CitationIssue& issue : a.issues) {
      ++r.issues;
      ++r.issues_by_problem[static_cast<int>(issue.problem)];
      if (r.issue_examples.size() < KalmaReport::kMaxIssueExamples)
        r.issue_examples.push_back({questions.questions[q].id, answers.answer_line[q], issue});
    }
  }
  r.quality = citation_quality(questions, answers.answers);
  Judgments none;
  const Judgments& j = judgments ? judgments->judgments : none;
  r.alignment = alignment(questions, answers.answers, j);
  r.na = conscious_incompetence(questions, answers.answers, j);
  if (judgments) {
    r.judgment_lines = judgments->lines_read;
    r.ignored_judgment_lines = judgments->unknown_lines;
  } else {
    r.alignment.score = kUndefined;
    r.na.precision = r.na.recall = r.na.f1 = kUndefined;
  }
  r.signature = signature(r);
  return r;
}

}  // namespace caqa::kalma
