// Correlation and classification metrics of the meta-evaluation track (Zhang et al.,
// INLG 2024, sections 3.2.1-3.2.2 and 5.2), between metric scores and support levels
// (full 2, partial 1, no 0), from ScoreCells.
#pragma once

#include <array>
#include <cstdint>

#include "caqa/meta/score_cells.h"

namespace caqa {

struct Correlations {
  double pearson, spearman, kendall_tau_b;  // NaN when n < 2 or a side is constant
};

// Pearson r; Spearman's rho = Pearson r of average ranks (ties share their mean rank);
// Kendall's tau-b = (P - Q) / sqrt((n0 - n1)(n0 - n2)), n0 = n(n-1)/2, n1 and n2 the
// pairs tied in score and in level. P - Q is counted exactly, in integers.
Correlations correlations(const ScoreCells& cells);

// One-vs-one ROC-AUC: FS vs NS, FS vs PS, PS vs NS (higher level positive), each on the
// items of its two levels only: P(score_pos > score_neg) + P(tie) / 2, the Mann-Whitney
// estimate that scikit-learn's roc_auc_score gives. NaN when a level is empty.
struct OneVsOneAuc {
  static constexpr std::array<std::array<SupportLevel, 2>, 3> kPairs = {{{SupportLevel::Full, SupportLevel::No},
                                                                         {SupportLevel::Full, SupportLevel::Partial},
                                                                         {SupportLevel::Partial, SupportLevel::No}}};
  std::array<double, 3> auc;
  double mean;  // over the defined pairs; NaN when none is
  int defined;
};

OneVsOneAuc one_vs_one_auc(const ScoreCells& cells);

}  // namespace caqa
