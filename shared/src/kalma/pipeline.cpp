// The KaLMA pipeline: read questions, then answers and judgments against them, then score.
#include "caqa/kalma/pipeline.h"

#include <utility>

#include "caqa/kalma/biokalma.h"

namespace caqa::kalma {

KalmaOutcome score_kalma(const InputText& questions_text, const InputText& answers_text,
                         const std::optional<InputText>& judgments_text, const KalmaRequest& request) {
  KalmaOutcome out;
  QuestionParse questions = looks_like_biokalma(questions_text)
                                ? std::move(parse_biokalma_questions(questions_text).parse)
                                : parse_questions(questions_text, request.read);
  out.questions = std::move(questions.diagnostics);
  if (out.questions.has_errors()) {
    out.blocked = KalmaBlock::Questions;
    return out;
  }
  AnswerParse answers = parse_answers(answers_text, questions.set, request.read);
  out.answers = std::move(answers.diagnostics);
  std::optional<JudgmentParse> judgments;
  if (judgments_text) {
    judgments = parse_judgments(*judgments_text, questions.set, answers, request.read);
    out.judgments = std::move(judgments->diagnostics);
  }
  if (out.answers.has_errors() || out.judgments.has_errors()) {
    out.blocked = KalmaBlock::AnswersOrJudgments;
    return out;
  }
  if (request.pairs) {
    out.pairs_jsonl = kalma_pairs_jsonl(questions.set, answers);
    return out;
  }
  KalmaSources sources = request.sources;
  if (!judgments) sources.judgments.clear();
  out.report = kalma_report(questions.set, answers, judgments ? &*judgments : nullptr, std::move(sources));
  return out;
}

}  // namespace caqa::kalma
