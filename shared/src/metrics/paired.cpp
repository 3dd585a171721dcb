#include "caqa/metrics/paired.h"

#include <cmath>

#include "caqa/rng.h"

namespace caqa {

std::string CompareMetric::name(const LabelScheme& scheme) const {
  return measure >= 0 ? std::string(measures()[measure].name) : "f1:" + std::string(scheme.class_name(label));
}

std::optional<CompareMetric> parse_compare_metric(std::string_view text, const LabelScheme& scheme) {
  if (int i = measure_index(text); i >= 0) return CompareMetric{i, 0};
  if (text.substr(0, 3) == "f1:")
    if (auto c = scheme.parse_exact(text.substr(3))) return CompareMetric{-1, *c};
  return std::nullopt;
}

double metric_value(const Classification& c, const CompareMetric& metric) {
  return metric.measure >= 0 ? c.values[metric.measure] : c.per_label[metric.label].f1;
}

std::string compare_metric_names() {
  std::string out;
  for (const Measure& m : measures()) out += std::string(m.name) + ", ";
  return out + "or f1:<class>";
}

std::uint64_t PairedCounts::total() const {
  std::uint64_t n = 0;
  for (auto x : joint) n += x;
  return n;
}

namespace {

struct JointCell {
  int gold, a, b;
};

// Metric difference for given joint cell counts.
double difference(int classes, const std::vector<JointCell>& cells, const std::vector<std::uint64_t>& counts,
                  const CompareMetric& metric, double* value_a = nullptr, double* value_b = nullptr) {
  ConfusionMatrix ma(classes), mb(classes);
  for (std::size_t i = 0; i < cells.size(); ++i) {
    if (counts[i] == 0) continue;
    ma.add(Complexity::Single, cells[i].gold, cells[i].a, counts[i]);
    mb.add(Complexity::Single, cells[i].gold, cells[i].b, counts[i]);
  }
  double va = metric_value(classify(ma), metric), vb = metric_value(classify(mb), metric);
  if (value_a) *value_a = va;
  if (value_b) *value_b = vb;
  return va - vb;
}

}  // namespace

PairedResult compare_paired(const PairedCounts& counts, const CompareMetric& metric, const BootstrapOptions& options) {
  std::vector<JointCell> cells;
  std::vector<std::uint64_t> weights;
  const int outcomes = counts.classes + 2;
  for (int g = 0; g < counts.classes; ++g)
    for (int a = 0; a < outcomes; ++a)
      for (int b = 0; b < outcomes; ++b)
        if (auto x = counts.joint[(static_cast<std::size_t>(g) * outcomes + a) * outcomes + b]; x > 0) {
          cells.push_back({g, a, b});
          weights.push_back(x);
        }
  PairedResult out;
  out.n = counts.total();
  out.difference = difference(counts.classes, cells, weights, metric, &out.value_a, &out.value_b);
  const std::uint32_t reps = options.resamples;
  if (reps == 0) return out;

  Rng rng(options.seed);
  std::vector<double> diffs(reps);
  std::vector<std::uint64_t> draw;
  const MultinomialDraws draws(weights);
  std::uint32_t at_or_below = 0, at_or_above = 0;
  for (std::uint32_t r = 0; r < reps; ++r) {
    draws.draw(rng, out.n, draw);
    diffs[r] = difference(counts.classes, cells, draw, metric);
    at_or_below += diffs[r] <= 0;
    at_or_above += diffs[r] >= 0;
  }
  double lo = (1 - options.level) / 2 * 100;
  std::vector<double> sorted = diffs;
  out.difference_ci = {percentile(sorted, lo), percentile(sorted, 100 - lo)};
  out.p_bootstrap = std::min(1.0, 2.0 * std::min(at_or_below, at_or_above) / reps);

  // Approximate randomization: each sample's two outcomes swap with probability 1/2;
  // for a joint cell (g, a, b) with a != b that moves Binomial(count, 1/2) samples to (g, b, a).
  std::vector<JointCell> swap_cells = cells;
  for (auto& c : swap_cells) std::swap(c.a, c.b);
  std::vector<JointCell> all = cells;
  all.insert(all.end(), swap_cells.begin(), swap_cells.end());
  std::vector<std::uint64_t> permuted(all.size());
  std::uint32_t extreme = 0;
  const double observed = std::fabs(out.difference) - 1e-12;
  const BinomialProbability half(0.5);
  for (std::uint32_t r = 0; r < reps; ++r) {
    for (std::size_t i = 0; i < cells.size(); ++i) {
      std::uint64_t moved = cells[i].a == cells[i].b ? 0 : rng.binomial(weights[i], half);
      permuted[i] = weights[i] - moved;
      permuted[cells.size() + i] = moved;
    }
    extreme += std::fabs(difference(counts.classes, all, permuted, metric)) >= observed;
  }
  out.p_randomization = (1.0 + extreme) / (1.0 + reps);
  return out;
}

}  // namespace caqa
