// Seeded random numbers that give the same stream on every platform (the wasm
// build must reproduce the CLI's confidence intervals byte for byte), so no
// std::*_distribution, whose algorithms differ between standard libraries.
#pragma once

#include <cstdint>

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

}  // namespace caqa
