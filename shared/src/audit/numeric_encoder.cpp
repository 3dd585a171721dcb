#include "numeric_encoder.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace caqa::audit::detail {

namespace {

constexpr int kFineBins = 10, kCoarseBins = 5;

// The i/bins quantiles (i = 1 .. bins-1) of sorted values, duplicates dropped.
std::vector<double> quantile_edges(const std::vector<double>& sorted, int bins) {
  std::vector<double> edges;
  for (int i = 1; i < bins; ++i) edges.push_back(sorted[sorted.size() * i / bins]);
  edges.erase(std::unique(edges.begin(), edges.end()), edges.end());
  return edges;
}

// A value equal to an edge lies above it, so a frequent value (0, 1) gets its own bin.
std::uint32_t bin_of(const std::vector<double>& edges, double v) {
  return static_cast<std::uint32_t>(std::upper_bound(edges.begin(), edges.end(), v) - edges.begin());
}

}  // namespace

NumericEncoder::NumericEncoder(const std::vector<std::vector<double>>& rows) {
  const std::size_t k = rows.empty() ? 0 : rows[0].size();
  columns_.resize(k);
  for (std::size_t j = 0; j < k; ++j) {
    std::vector<double> values;
    for (const auto& r : rows) values.push_back(r[j]);
    std::sort(values.begin(), values.end());
    Column& c = columns_[j];
    double sum = 0, squares = 0;
    for (double v : values) sum += v;
    c.mean = sum / static_cast<double>(values.size());
    for (double v : values) squares += (v - c.mean) * (v - c.mean);
    const double sd = std::sqrt(squares / static_cast<double>(values.size()));
    c.scale = sd > 0 ? 1 / sd : 0;
    c.fine = quantile_edges(values, kFineBins);
    c.coarse = quantile_edges(values, kCoarseBins);
  }
  const std::size_t features = k * (1 + kFineBins) + k * (k - 1) / 2 * kCoarseBins * kCoarseBins;
  dim_bits_ = std::max<std::uint32_t>(4, std::bit_width(std::max<std::size_t>(features, 1) - 1));
}

// Layout: k standardised values, k blocks of fine bins, then one block of coarse cells
// per pair (a < b); every index grows along the row, so rows come out sorted.
void NumericEncoder::encode(const std::vector<double>& values, baseline::SparseRows& out) const {
  const std::uint32_t k = static_cast<std::uint32_t>(columns_.size());
  for (std::uint32_t j = 0; j < k; ++j) {
    const Column& c = columns_[j];
    out.indices.push_back(j);
    out.values.push_back(static_cast<float>(std::clamp((values[j] - c.mean) * c.scale, -4.0, 4.0)));
  }
  for (std::uint32_t j = 0; j < k; ++j) {
    out.indices.push_back(k + j * kFineBins + bin_of(columns_[j].fine, values[j]));
    out.values.push_back(1.0f);
  }
  std::uint32_t base = k * (1 + kFineBins);
  for (std::uint32_t a = 0; a < k; ++a)
    for (std::uint32_t b = a + 1; b < k; ++b) {
      const std::uint32_t cell =
          bin_of(columns_[a].coarse, values[a]) * kCoarseBins + bin_of(columns_[b].coarse, values[b]);
      out.indices.push_back(base + cell);
      out.values.push_back(1.0f);
      base += kCoarseBins * kCoarseBins;
    }
  out.offsets.push_back(out.indices.size());
}

}  // namespace caqa::audit::detail
