// [NA] precision and recall (KaLMA sections 4.4-4.5, Figure 3).
//
// "[NA] precision: We calculate [NA] precision for each sentence with [NA] (0 or 1) and
//   average over all sentences with [NA]. Precision = 1 for a sentence if and only if it
//   entails one knowledge triplet from absent knowledge set of the question."
// "[NA] Recall: We calculate [NA] recall for each knowledge (0 or 1) in absent knowledge
//   set and average over all absent knowledge. Recall = 1 if and only if the knowledge is
//   entailed by a sentence with [NA]."
// Section 4.5: "If an NA-marked sentence does not answer the question at all, it is
//   considered correct in the [NA] precision calculation" (judgment answers_question: false).
#include "caqa/kalma/metrics.h"

namespace caqa::kalma {

ConsciousIncompetence conscious_incompetence(const QuestionSet& questions, const std::vector<ParsedAnswer>& answers,
                                             const Judgments& judgments) {
  ConsciousIncompetence ci;
  for (std::uint32_t q = 0; q < questions.size() && q < answers.size(); ++q) {
    const std::optional<TripleSet>& absent = questions.questions[q].absent;
    if (!absent) continue;
    ++ci.questions;
    const auto& sentences = answers[q].sentences;
    auto entails = [&](std::uint32_t s, const Triple& k) { return judgments.entailed(q, s, k).value_or(false); };
    for (std::uint32_t s = 0; s < sentences.size(); ++s) {
      if (!sentences[s].has_na()) continue;
      ++ci.na_sentences;
      bool hit = false;
      for (const Triple& k : *absent) hit = hit || entails(s, k);
      bool off_topic = !hit && judgments.answers_question(q, s) == false;
      ci.na_sentences_correct += hit || off_topic;
      ci.na_sentences_off_topic += off_topic;
    }
    for (const Triple& k : *absent) {
      ++ci.absent;
      bool hit = false;
      for (std::uint32_t s = 0; s < sentences.size(); ++s) hit = hit || (sentences[s].has_na() && entails(s, k));
      ci.absent_recalled += hit;
    }
  }
  for (const JudgePair& p : judge_pairs(questions, answers)) {
    if (!p.na) continue;
    ++ci.pairs;
    ci.judged += judgments.entailed(p.question, p.sentence, p.knowledge).has_value();
  }
  ci.precision = ratio(ci.na_sentences_correct, ci.na_sentences);
  ci.recall = ratio(ci.absent_recalled, ci.absent);
  ci.f1 = harmonic_mean(ci.precision, ci.recall);
  return ci;
}

}  // namespace caqa::kalma
