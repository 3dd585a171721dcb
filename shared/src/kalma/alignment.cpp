// Text-citation alignment (KaLMA section 4.3): "Since one sentence could have multiple
// citations, we run NLI on all sentence-citation pairs and report the percentage of
// entailment." The premise is the sentence, the hypothesis "property: value" (B.3).
#include "caqa/kalma/metrics.h"

namespace caqa::kalma {

Alignment alignment(const QuestionSet& questions, const std::vector<ParsedAnswer>& answers,
                    const Judgments& judgments) {
  Alignment a;
  for (const JudgePair& p : judge_pairs(questions, answers)) {
    if (!p.alignment) continue;
    ++a.pairs;
    auto entailed = judgments.entailed(p.question, p.sentence, p.knowledge);
    a.judged += entailed.has_value();
    a.entailed += entailed.value_or(false);
  }
  a.score = ratio(a.entailed, a.pairs);
  return a;
}

}  // namespace caqa::kalma
