#include "caqa/meta/rank_metrics.h"

#include <cmath>
#include <limits>

namespace caqa {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Weighted Pearson r of (x_j, y_l) with weights counts[j][l], two-pass for accuracy.
template <class X, class Y>
double weighted_pearson(const ScoreCells& cells, X x_of, Y y_of, double n) {
  double mx = 0, my = 0;
  for (std::size_t j = 0; j < cells.scores.size(); ++j)
    for (int l = 0; l < kSupportLevelCount; ++l) {
      double w = static_cast<double>(cells.counts[j][l]);
      mx += w * x_of(j);
      my += w * y_of(l);
    }
  mx /= n;
  my /= n;
  double sxx = 0, syy = 0, sxy = 0;
  for (std::size_t j = 0; j < cells.scores.size(); ++j)
    for (int l = 0; l < kSupportLevelCount; ++l) {
      double w = static_cast<double>(cells.counts[j][l]);
      if (w == 0) continue;
      double dx = x_of(j) - mx, dy = y_of(l) - my;
      sxx += w * dx * dx;
      syy += w * dy * dy;
      sxy += w * dx * dy;
    }
  if (sxx == 0 || syy == 0) return kNaN;
  return std::max(-1.0, std::min(1.0, sxy / std::sqrt(sxx * syy)));
}

std::array<std::uint64_t, kSupportLevelCount> level_totals(const ScoreCells& cells) {
  std::array<std::uint64_t, kSupportLevelCount> n{};
  for (const auto& c : cells.counts)
    for (int l = 0; l < kSupportLevelCount; ++l) n[l] += c[l];
  return n;
}

}  // namespace

Correlations correlations(const ScoreCells& cells) {
  const std::uint64_t n = cells.total();
  if (n < 2) return {kNaN, kNaN, kNaN};
  const auto level_n = level_totals(cells);
  const double dn = static_cast<double>(n);
  Correlations out{};
  out.pearson = weighted_pearson(
      cells, [&](std::size_t j) { return cells.scores[j]; }, [](int l) { return static_cast<double>(l); }, dn);

  // Average ranks (1-based): a block of m tied values after c smaller ones has rank c + (m + 1) / 2.
  std::vector<double> score_rank(cells.scores.size());
  std::uint64_t before = 0, tied_score_pairs = 0;
  for (std::size_t j = 0; j < cells.scores.size(); ++j) {
    std::uint64_t m = cells.counts[j][0] + cells.counts[j][1] + cells.counts[j][2];
    score_rank[j] = static_cast<double>(before) + (static_cast<double>(m) + 1) / 2;
    before += m;
    tied_score_pairs += m * (m - 1) / 2;
  }
  std::array<double, kSupportLevelCount> level_rank{};
  std::uint64_t below = 0, tied_level_pairs = 0;
  for (int l = 0; l < kSupportLevelCount; ++l) {
    level_rank[l] = static_cast<double>(below) + (static_cast<double>(level_n[l]) + 1) / 2;
    below += level_n[l];
    tied_level_pairs += level_n[l] * (level_n[l] == 0 ? 0 : level_n[l] - 1) / 2;
  }
  out.spearman = weighted_pearson(
      cells, [&](std::size_t j) { return score_rank[j]; }, [&](int l) { return level_rank[l]; }, dn);

  // P - Q, each pair of different levels counted once from its higher-level item: the
  // lower-level partner scoring lower is concordant, scoring higher discordant.
  std::int64_t s = 0;
  std::array<std::uint64_t, kSupportLevelCount> lower_score{};  // items of each level with a smaller score
  for (std::size_t j = 0; j < cells.scores.size(); ++j) {
    const auto& c = cells.counts[j];
    for (int l = 1; l < kSupportLevelCount; ++l) {
      if (c[l] == 0) continue;
      std::int64_t net = 0;
      for (int lo = 0; lo < l; ++lo) {
        auto higher_score = static_cast<std::int64_t>(level_n[lo] - lower_score[lo] - c[lo]);
        net += static_cast<std::int64_t>(lower_score[lo]) - higher_score;
      }
      s += static_cast<std::int64_t>(c[l]) * net;
    }
    for (int l = 0; l < kSupportLevelCount; ++l) lower_score[l] += c[l];
  }
  double n0 = dn * (dn - 1) / 2;
  double denominator = (n0 - static_cast<double>(tied_score_pairs)) * (n0 - static_cast<double>(tied_level_pairs));
  out.kendall_tau_b = denominator <= 0 ? kNaN : static_cast<double>(s) / std::sqrt(denominator);
  return out;
}

OneVsOneAuc one_vs_one_auc(const ScoreCells& cells) {
  const auto level_n = level_totals(cells);
  OneVsOneAuc out{};
  double sum = 0;
  for (std::size_t p = 0; p < OneVsOneAuc::kPairs.size(); ++p) {
    int pos = level_value(OneVsOneAuc::kPairs[p][0]), neg = level_value(OneVsOneAuc::kPairs[p][1]);
    if (level_n[pos] == 0 || level_n[neg] == 0) {
      out.auc[p] = kNaN;
      continue;
    }
    // Twice the Mann-Whitney U, in integers: a positive above a negative counts 2, a tie 1.
    std::uint64_t twice_u = 0, negatives_below = 0;
    for (const auto& c : cells.counts) {
      twice_u += c[pos] * (2 * negatives_below + c[neg]);
      negatives_below += c[neg];
    }
    out.auc[p] =
        static_cast<double>(twice_u) / (2.0 * static_cast<double>(level_n[pos]) * static_cast<double>(level_n[neg]));
    sum += out.auc[p];
    ++out.defined;
  }
  out.mean = out.defined == 0 ? kNaN : sum / out.defined;
  return out;
}

}  // namespace caqa
