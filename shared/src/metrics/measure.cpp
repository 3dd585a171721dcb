#include "caqa/metrics/measure.h"

#include <array>

namespace caqa {

ClassCounts class_counts(const ConfusionMatrix& m) {
  ClassCounts c;
  const int k = m.classes();
  c.tp.assign(k, 0);
  c.support.assign(k, 0);
  c.predicted.assign(k, 0);
  for (Complexity level : kComplexities)
    for (int g = 0; g < k; ++g)
      for (int o = 0; o < m.outcomes(); ++o) {
        std::uint64_t x = m.at(level, g, o);
        c.support[g] += x;
        if (o < k) c.predicted[o] += x;
        if (o == g) c.tp[g] += x;
      }
  for (int g = 0; g < k; ++g) c.n += c.support[g], c.correct += c.tp[g];
  return c;
}

double class_f1(const ClassCounts& c, int k) {
  return f1_from_counts(static_cast<double>(c.tp[k]), static_cast<double>(c.predicted[k] - c.tp[k]),
                        static_cast<double>(c.support[k] - c.tp[k]));
}

double class_recall(const ClassCounts& c, int k) { return ratio_or_zero(c.tp[k], c.support[k]); }

namespace {

// Pooled over every outcome, the missing/unparseable sentinel included, so FP total
// = FN total = n - correct and micro-F1 = accuracy.
double micro_f1(const ClassCounts& c) { return ratio_or_zero(c.correct, c.n); }

double macro_f1(const ClassCounts& c) {
  double sum = 0;
  for (int k = 0; k < c.classes(); ++k) sum += class_f1(c, k);
  return sum / c.classes();
}

double weighted_f1(const ClassCounts& c) {
  double sum = 0;
  for (int k = 0; k < c.classes(); ++k) sum += class_f1(c, k) * static_cast<double>(c.support[k]);
  return ratio_or_zero(sum, c.n);
}

double macro_recall(const ClassCounts& c) {
  double sum = 0;
  for (int k = 0; k < c.classes(); ++k) sum += class_recall(c, k);
  return sum / c.classes();
}

constexpr std::array<Measure, 5> kMeasures = {{
    {"micro_f1", "Micro-F1", "pooled over all outcomes, missing/unparseable included: equals accuracy", micro_f1, true,
     true},
    {"macro_f1", "Macro-F1", "mean of the class F1s (a class absent from gold counts with F1 0)", macro_f1, true, true},
    {"weighted_f1", "Weighted-F1", "class F1s weighted by gold support", weighted_f1, false, false},
    {"accuracy", "Accuracy", "share of scored samples predicted right (= micro-F1)", micro_f1, false, false},
    {"macro_recall", "Macro-R", "mean of the class recalls TP/support (a class absent from gold counts with recall 0)",
     macro_recall, true, true},
}};

}  // namespace

std::span<const Measure> measures() { return kMeasures; }

int measure_index(std::string_view name) {
  for (std::size_t i = 0; i < kMeasures.size(); ++i)
    if (kMeasures[i].name == name) return static_cast<int>(i);
  return -1;
}

}  // namespace caqa
