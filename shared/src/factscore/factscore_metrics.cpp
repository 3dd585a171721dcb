// The FActScore track's statistics and their bootstrap intervals (factscore_report.h).
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "caqa/complexity.h"
#include "caqa/factscore/factscore_report.h"
#include "caqa/hash.h"
#include "caqa/label.h"
#include "caqa/rng.h"

namespace caqa::factscore {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// One scored sample as the statistics read it.
struct Scored {
  double gold, predicted;
  std::size_t judged = 0, correct = 0, tp = 0, fp = 0, fn = 0;  // over its judged sub-facts
};

double pearson(const std::vector<double>& x, const std::vector<double>& y) {
  const std::size_t n = x.size();
  if (n < 2) return kNaN;
  const double mx = std::accumulate(x.begin(), x.end(), 0.0) / static_cast<double>(n);
  const double my = std::accumulate(y.begin(), y.end(), 0.0) / static_cast<double>(n);
  double sxy = 0, sxx = 0, syy = 0;
  for (std::size_t i = 0; i < n; ++i) {
    sxy += (x[i] - mx) * (y[i] - my);
    sxx += (x[i] - mx) * (x[i] - mx);
    syy += (y[i] - my) * (y[i] - my);
  }
  // A constant side has no correlation (its sums of squares are rounding noise).
  if (std::all_of(x.begin(), x.end(), [&](double v) { return v == x[0]; }) ||
      std::all_of(y.begin(), y.end(), [&](double v) { return v == y[0]; }))
    return kNaN;
  return sxy / std::sqrt(sxx * syy);
}

// Average ranks, 1-based; ties share their mean rank (scipy.stats.rankdata "average").
std::vector<double> ranks(const std::vector<double>& v) {
  std::vector<std::size_t> order(v.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return v[a] < v[b]; });
  std::vector<double> out(v.size());
  for (std::size_t i = 0; i < order.size();) {
    std::size_t j = i;
    while (j < order.size() && v[order[j]] == v[order[i]]) ++j;
    const double rank = (static_cast<double>(i + 1) + static_cast<double>(j)) / 2.0;
    for (std::size_t k = i; k < j; ++k) out[order[k]] = rank;
    i = j;
  }
  return out;
}

std::array<double, kStatisticCount> statistics(const std::vector<Scored>& all, const std::vector<std::uint32_t>& draw) {
  std::array<double, kStatisticCount> s;
  s.fill(kNaN);
  if (draw.empty()) return s;
  std::vector<double> gold, predicted;
  std::size_t judged = 0, correct = 0, tp = 0, fp = 0, fn = 0;
  double abs_error = 0;
  for (std::uint32_t i : draw) {
    const Scored& x = all[i];
    gold.push_back(x.gold);
    predicted.push_back(x.predicted);
    abs_error += std::abs(x.predicted - x.gold);
    judged += x.judged;
    correct += x.correct;
    tp += x.tp;
    fp += x.fp;
    fn += x.fn;
  }
  const auto n = static_cast<double>(draw.size());
  auto at = [&](Statistic k) -> double& { return s[static_cast<std::size_t>(k)]; };
  at(Statistic::Predicted) = std::accumulate(predicted.begin(), predicted.end(), 0.0) / n;
  at(Statistic::Gold) = std::accumulate(gold.begin(), gold.end(), 0.0) / n;
  at(Statistic::Gap) = std::abs(at(Statistic::Predicted) - at(Statistic::Gold));
  at(Statistic::Mae) = abs_error / n;
  at(Statistic::Pearson) = pearson(predicted, gold);
  at(Statistic::Spearman) = pearson(ranks(predicted), ranks(gold));
  if (judged > 0) at(Statistic::Accuracy) = static_cast<double>(correct) / static_cast<double>(judged);
  if (2 * tp + fp + fn > 0)
    at(Statistic::F1True) = 2.0 * static_cast<double>(tp) / static_cast<double>(2 * tp + fp + fn);
  return s;
}

Population measure(std::string name, std::string kind, const std::vector<Scored>& all,
                   const std::vector<std::uint32_t>& members, const BootstrapOptions& bootstrap, std::uint64_t stream) {
  Population p{std::move(name), std::move(kind), members.size(), 0, 0, {}};
  for (std::uint32_t i : members) {
    p.judged_samples += all[i].judged > 0;
    p.sub_facts += all[i].judged;
  }
  const auto point = statistics(all, members);
  std::array<std::vector<double>, kStatisticCount> replicates;
  if (!members.empty()) {
    Rng rng(bootstrap.seed * 0x9E3779B97F4A7C15ull + stream);
    std::vector<std::uint32_t> draw(members.size());
    for (std::uint32_t r = 0; r < bootstrap.resamples; ++r) {
      for (auto& d : draw)
        d = members[std::min(members.size() - 1,
                             static_cast<std::size_t>(rng.uniform() * static_cast<double>(members.size())))];
      const auto s = statistics(all, draw);
      for (std::size_t k = 0; k < kStatisticCount; ++k)
        if (std::isfinite(s[k])) replicates[k].push_back(s[k]);
    }
  }
  const double tail = (1 - bootstrap.level) / 2 * 100;
  for (std::size_t k = 0; k < kStatisticCount; ++k) {
    p.stats[k] = {point[k], {kNaN, kNaN}};
    if (std::isfinite(point[k]) && !replicates[k].empty())
      p.stats[k].ci = {percentile(replicates[k], tail), percentile(replicates[k], 100 - tail)};
  }
  return p;
}

}  // namespace

std::string_view statistic_key(Statistic s) {
  constexpr std::array<std::string_view, kStatisticCount> kKeys = {
      "factscore", "gold_factscore", "gap", "mae", "pearson", "spearman", "subfact_accuracy", "subfact_f1_true"};
  return kKeys[static_cast<std::size_t>(s)];
}

FactScoreReport factscore_report(const GoldSet& gold, const SubFactGold& sub_facts,
                                 const SubFactPredictions& predictions, const BootstrapOptions& bootstrap,
                                 std::string source) {
  FactScoreReport out;
  out.source = std::move(source);
  out.bootstrap = bootstrap;
  std::vector<Scored> scored;
  std::vector<std::uint32_t> gold_of;  // per scored sample, its gold index
  for (std::uint32_t g = 0; g < gold.size(); ++g) {
    const std::vector<bool>& claimed = sub_facts.supported[g];
    if (claimed.empty()) continue;
    ++out.gold_samples;
    const SubFactJudgments& j = predictions.by_gold[g];
    if (!j.present) {
      ++out.missing;
      continue;
    }
    Scored x{
        static_cast<double>(std::count(claimed.begin(), claimed.end(), true)) / static_cast<double>(claimed.size()),
        j.score()};
    for (std::size_t i = 0; i < j.judgments.size(); ++i) {
      const bool said = j.judgments[i] >= 0.5;
      ++x.judged;
      x.correct += said == claimed[i];
      x.tp += said && claimed[i];
      x.fp += said && !claimed[i];
      x.fn += !said && claimed[i];
    }
    out.bare += j.judgments.empty();
    scored.push_back(x);
    gold_of.push_back(g);
  }
  out.scored = scored.size();
  std::vector<std::uint32_t> members(scored.size());
  std::iota(members.begin(), members.end(), 0u);
  // Each population's draws come from its own stream, keyed by what it holds: Table 6's
  // row and the partially supportive label's row are one population with one interval.
  auto stream = [](std::string_view key) { return fnv1a64(key); };
  out.populations.push_back(measure("all", "all", scored, members, bootstrap, stream("all")));
  auto where = [&](auto keep) {
    std::vector<std::uint32_t> m;
    for (std::uint32_t i = 0; i < scored.size(); ++i)
      if (keep(gold_of[i])) m.push_back(i);
    return m;
  };
  const ClassId partial = gold.scheme().from_caqa[index_of(Label::PartiallySupportive)];
  out.populations.push_back(measure(std::string(label_name(Label::PartiallySupportive)), "table6", scored,
                                    where([&](std::uint32_t g) { return gold.label(g) == partial; }), bootstrap,
                                    stream(label_name(Label::PartiallySupportive))));
  for (Complexity c : kComplexities) {
    auto level = where([&](std::uint32_t g) { return gold.complexity(g) == c; });
    if (shown_level(c, level.size()))
      out.populations.push_back(measure(std::string(complexity_name(c)), "complexity", scored, std::move(level),
                                        bootstrap, stream(complexity_name(c))));
  }
  for (Label l : kLabels) {
    const ClassId id = gold.scheme().from_caqa[index_of(l)];
    out.populations.push_back(measure("label:" + std::string(label_name(l)), "label", scored,
                                      where([&](std::uint32_t g) { return gold.label(g) == id; }), bootstrap,
                                      stream(label_name(l))));
  }
  return out;
}

}  // namespace caqa::factscore
