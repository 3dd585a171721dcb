// Citation quality (KaLMA section 4.2, Figure 2).
//
// Correctness: "We calculate the citation correctness for each citation (0 or 1) and
//   average over all citations. [...] If the generated citation is complete with all
//   three parts, and exactly matches a triplet from the question's retrieved KG,
//   correctness = 1."
// Precision: "Precision = 1 for a citation if and only if 1) it is correct, and 2) it
//   matches one knowledge triplet from minimum knowledge set of the question."
// Recall: "We calculate citation recall for each knowledge (0 or 1) in minimum knowledge
//   set [...]. Recall = 1 if and only if the knowledge is hit by a correct citation."
// "We average over all citations/knowledge in an answer, and average all answer-level
//   precision/recall to get macro precision and recall. We calculate micro and macro
//   F1-Score from corresponding precision and recall."
#include "caqa/kalma/metrics.h"

#include <cmath>

namespace caqa::kalma {

double harmonic_mean(double precision, double recall) {
  if (std::isnan(precision) || std::isnan(recall)) return kUndefined;
  if (precision + recall == 0) return 0.0;
  return 2 * precision * recall / (precision + recall);
}

CitationCounts count_citations(const Question& question, const ParsedAnswer& answer) {
  CitationCounts c;
  std::vector<Triple> correct;
  for (const Sentence& s : answer.sentences)
    for (const Citation& citation : s.citations) {
      ++c.citations;
      if (!citation.triple.complete() || !question.kg.contains(citation.triple)) continue;
      ++c.correct;
      c.precise += question.minimum.contains(citation.triple);
      correct.push_back(citation.triple);
    }
  TripleSet hits(std::move(correct));
  c.knowledge = question.minimum.size();
  for (const Triple& k : question.minimum) c.recalled += hits.contains(k);
  return c;
}

CitationQuality citation_quality(const QuestionSet& questions, const std::vector<ParsedAnswer>& answers) {
  CitationQuality q;
  double correctness_sum = 0, precision_sum = 0, recall_sum = 0;
  for (std::size_t i = 0; i < questions.size() && i < answers.size(); ++i) {
    CitationCounts c = count_citations(questions.questions[i], answers[i]);
    ++q.answers;
    q.total.citations += c.citations;
    q.total.correct += c.correct;
    q.total.precise += c.precise;
    q.total.knowledge += c.knowledge;
    q.total.recalled += c.recalled;
    if (c.citations > 0) {
      ++q.answers_with_citations;
      correctness_sum += ratio(c.correct, c.citations);
      precision_sum += ratio(c.precise, c.citations);
    }
    if (c.knowledge > 0) {
      ++q.answers_with_knowledge;
      recall_sum += ratio(c.recalled, c.knowledge);
    }
  }
  auto mean = [](double sum, std::size_t n) { return n == 0 ? kUndefined : sum / static_cast<double>(n); };
  q.correctness_micro = ratio(q.total.correct, q.total.citations);
  q.precision_micro = ratio(q.total.precise, q.total.citations);
  q.recall_micro = ratio(q.total.recalled, q.total.knowledge);
  q.f1_micro = harmonic_mean(q.precision_micro, q.recall_micro);
  q.correctness_macro = mean(correctness_sum, q.answers_with_citations);
  q.precision_macro = mean(precision_sum, q.answers_with_citations);
  q.recall_macro = mean(recall_sum, q.answers_with_knowledge);
  q.f1_macro = harmonic_mean(q.precision_macro, q.recall_macro);
  return q;
}

}  // namespace caqa::kalma
