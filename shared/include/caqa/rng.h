// Seeded random numbers that give the same stream on every platform (the wasm
// build must reproduce the CLI's confidence intervals byte for byte), so no
// std::*_distribution, whose algorithms differ between standard libraries.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace caqa {

class Rng {
 public:
  explicit Rng(std::uint64_t seed);
  std::uint64_t next();
  double uniform();  // [0, 1) with 53 random bits
  // Binomial(n, p): inversion for small means, Hoermann's BTRS otherwise.
  std::uint64_t binomial(std::uint64_t n, double p);

 private:
  std::uint64_t s_[4];
};

// A uniformly drawn element of a non-empty vector.
template <class T>
const T& pick(const std::vector<T>& v, Rng& rng) {
  return v[static_cast<std::size_t>(rng.uniform() * static_cast<double>(v.size()))];
}

}  // namespace caqa
