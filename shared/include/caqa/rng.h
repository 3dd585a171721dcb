// Seeded random numbers that give the same stream on every platform (the wasm
// build must reproduce the CLI's confidence intervals byte for byte), so no
// std::*_distribution, whose algorithms differ between standard libraries.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace caqa {

// A success probability of binomial draws, with what every draw derives from it alone
// (its complement, logarithms, odds) worked out once: a bootstrap draws each cell with
// the same probability in every resample. Draws give the bits Rng::binomial(n, p) gives.
class BinomialProbability {
 public:
  explicit BinomialProbability(double p);

 private:
  friend class Rng;
  double given_;          // p as given
  bool complement_;       // p > 0.5: the draw counts failures, with probability 1 - p
  double p_, q_;          // the probability drawn with, and 1 - it
  double log_q_, ratio_;  // log(q), p / q
  double log_ratio_;      // log(p / q)
};

class Rng {
 public:
  explicit Rng(std::uint64_t seed);
  std::uint64_t next();
  double uniform();  // [0, 1) with 53 random bits
  // Binomial(n, p): inversion for small means, Hoermann's BTRS otherwise.
  std::uint64_t binomial(std::uint64_t n, double p);
  std::uint64_t binomial(std::uint64_t n, const BinomialProbability& p);

 private:
  std::uint64_t binomial_at_most_half(std::uint64_t n, const BinomialProbability& p);
  std::uint64_t s_[4];
};

// A uniformly drawn element of a non-empty vector.
template <class T>
const T& pick(const std::vector<T>& v, Rng& rng) {
  return v[static_cast<std::size_t>(rng.uniform() * static_cast<double>(v.size()))];
}

// Fisher-Yates from the back, one draw per place: every caller's order (and so every
// build) depends on this exact sequence of draws.
template <class T>
void shuffle(std::vector<T>& v, Rng& rng) {
  for (std::size_t i = v.size(); i > 1; --i)
    std::swap(v[i - 1], v[static_cast<std::size_t>(rng.uniform() * static_cast<double>(i))]);
}

}  // namespace caqa
