#include "caqa/metrics/classification.h"

#include <limits>

namespace caqa {

Classification classify(const ConfusionMatrix& m) {
  Classification c;
  ClassCounts counts = class_counts(m);
  c.n = counts.n;
  c.correct = counts.correct;
  c.per_label.resize(m.classes());
  double present_sum = 0;
  int present = 0;
  std::uint64_t predicted_labels = 0;
  for (int l = 0; l < m.classes(); ++l) {
    LabelScores& s = c.per_label[l];
    s.support = counts.support[l];
    s.predicted = counts.predicted[l];
    s.precision = ratio_or_zero(counts.tp[l], s.predicted);
    s.recall = class_recall(counts, l);
    s.f1 = class_f1(counts, l);
    predicted_labels += s.predicted;
    if (s.support > 0) present_sum += s.f1, ++present;
  }
  // Nothing scored: every measure is undefined (NaN, JSON null), never 0.
  for (const Measure& measure : measures())
    c.values.push_back(c.n == 0 ? std::numeric_limits<double>::quiet_NaN() : measure.compute(counts));
  c.macro_f1_present = ratio_or_zero(present_sum, present);
  double p = ratio_or_zero(c.correct, predicted_labels), r = ratio_or_zero(c.correct, c.n);
  c.micro_over_labels = {p, r, ratio_or_zero(2 * p * r, p + r)};
  for (Complexity level : kComplexities) {
    std::uint64_t n = m.total(level);
    c.complexity_n[index_of(level)] = n;
    c.complexity_micro_f1[index_of(level)] =
        n == 0 ? std::numeric_limits<double>::quiet_NaN() : static_cast<double>(m.correct(level)) / n;
  }
  return c;
}

BinaryClassification classify_binary(const ConfusionMatrix& m) {
  auto cells = m.overall();
  std::uint64_t s_s = 0, s_rest = 0, rest_s = 0, rest_rest = 0;  // gold_pred
  for (int g = 0; g < m.classes(); ++g)
    for (int o = 0; o < m.outcomes(); ++o) {
      bool gold_s = g == 0, pred_s = o == 0;
      (gold_s ? (pred_s ? s_s : s_rest) : (pred_s ? rest_s : rest_rest)) += cells[g][o];
    }
  auto scores = [](std::uint64_t tp, std::uint64_t fp, std::uint64_t fn) {
    LabelScores s;
    s.support = tp + fn;
    s.predicted = tp + fp;
    s.precision = ratio_or_zero(tp, s.predicted);
    s.recall = ratio_or_zero(tp, s.support);
    s.f1 = f1_from_counts(tp, fp, fn);
    return s;
  };
  BinaryClassification b;
  b.supportive = scores(s_s, rest_s, s_rest);
  b.rest = scores(rest_rest, s_rest, rest_s);
  b.micro_f1 = ratio_or_zero(s_s + rest_rest, s_s + s_rest + rest_s + rest_rest);
  b.macro_f1 = (b.supportive.f1 + b.rest.f1) / 2;
  return b;
}

}  // namespace caqa
