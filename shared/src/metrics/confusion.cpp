#include "caqa/metrics/confusion.h"

namespace caqa {

std::vector<std::vector<std::uint64_t>> ConfusionMatrix::overall() const {
  std::vector<std::vector<std::uint64_t>> out(classes_, std::vector<std::uint64_t>(outcomes(), 0));
  for (Complexity c : kComplexities)
    for (int g = 0; g < classes_; ++g)
      for (int o = 0; o < outcomes(); ++o) out[g][o] += at(c, g, o);
  return out;
}

std::uint64_t ConfusionMatrix::total(Complexity c) const {
  std::uint64_t n = 0;
  for (int g = 0; g < classes_; ++g)
    for (int o = 0; o < outcomes(); ++o) n += at(c, g, o);
  return n;
}

std::uint64_t ConfusionMatrix::total() const {
  std::uint64_t n = 0;
  for (auto x : counts_) n += x;
  return n;
}

std::uint64_t ConfusionMatrix::correct(Complexity c) const {
  std::uint64_t n = 0;
  for (int g = 0; g < classes_; ++g) n += at(c, g, g);
  return n;
}

ConfusionMatrix ConfusionMatrix::without_missing() const {
  ConfusionMatrix out = *this;
  for (Complexity c : kComplexities)
    for (int g = 0; g < classes_; ++g) out.counts_[index(c, g, missing_column())] = 0;
  return out;
}

}  // namespace caqa
