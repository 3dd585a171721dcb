// The classification track's summary measures, like trec_eval's measure table: each
// has a name (JSON key, --metric value), a table title, its definition (--help, the
// site, the explorer) and a function of the per-class counts. The table in
// measure.cpp fixes the print order; adding a measure there makes it appear in the
// JSON and text reports, the bootstrap intervals, `caqa compare --metric`, the browser
// report and the explorer.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "caqa/metrics/confusion.h"

namespace caqa {

// Per-class counts pooled over complexity levels. n and correct count every scored
// sample, missing and unparseable outcomes included.
struct ClassCounts {
  std::vector<std::uint64_t> tp, support, predicted;
  std::uint64_t n = 0, correct = 0;
  int classes() const { return static_cast<int>(tp.size()); }
};
ClassCounts class_counts(const ConfusionMatrix& m);

struct Measure {
  std::string_view name;        // "macro_recall"
  std::string_view title;       // "Macro-R"
  std::string_view definition;  // one line
  double (*compute)(const ClassCounts&);
  bool interval;  // gets a bootstrap confidence interval
  bool in_table;  // a column of the summary table
};

std::span<const Measure> measures();
// Index in measures(), or -1.
int measure_index(std::string_view name);

// 0/0 is 0, as in scikit-learn's zero_division=0.
inline double ratio_or_zero(double num, double den) { return den == 0 ? 0.0 : num / den; }
inline double f1_from_counts(double tp, double fp, double fn) { return ratio_or_zero(2 * tp, 2 * tp + fp + fn); }
double class_f1(const ClassCounts& c, int k);
double class_recall(const ClassCounts& c, int k);

}  // namespace caqa
