// Dense numbers as sparse rows for the core's logistic regression (private to
// shared/src/audit). Fit on train: each number standardised (clipped to +-4), one-hot
// in up to 10 quantile bins, and every pair of numbers crossed in 5x5 coarse quantile
// cells, so a linear model can use non-monotone patterns and interactions ("short
// citations with one sentence"). Feature index = position in that layout.
#pragma once

#include <cstdint>
#include <vector>

#include "caqa/baseline/logreg.h"

namespace caqa::audit::detail {

class NumericEncoder {
 public:
  explicit NumericEncoder(const std::vector<std::vector<double>>& train_rows);
  std::uint32_t dim_bits() const { return dim_bits_; }
  void encode(const std::vector<double>& values, baseline::SparseRows& out) const;

 private:
  struct Column {
    double mean = 0, scale = 1;
    std::vector<double> fine, coarse;  // distinct quantile edges
  };
  std::vector<Column> columns_;
  std::uint32_t dim_bits_ = 4;
};

}  // namespace caqa::audit::detail
