#include "caqa/rng.h"

#include <cmath>

namespace caqa {

namespace {

std::uint64_t splitmix64(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

// log(k!) with only log and arithmetic (no lgamma, whose last bits differ between
// C libraries): exact table below 16, Stirling's series above (error < 1e-15).
double log_factorial(double k) {
  static const double kTable[16] = {0.0,
                                    0.0,
                                    0.69314718055994530942,
                                    1.79175946922805500081,
                                    3.17805383034794561964,
                                    4.78749174278204599425,
                                    6.57925121201010099506,
                                    8.52516136106541430017,
                                    10.60460290274525022842,
                                    12.80182748008146961121,
                                    15.10441257307551529523,
                                    17.50230784587388583929,
                                    19.98721449566188614952,
                                    22.55216385312342288557,
                                    25.19122118273868150009,
                                    27.89927138384089156609};
  if (k < 16) return kTable[static_cast<int>(k)];
  double r = 1.0 / (k + 1), r2 = r * r;
  return (k + 0.5) * std::log(k + 1) - (k + 1) + 0.91893853320467274178 +
         r * (1.0 / 12 - r2 * (1.0 / 360 - r2 * (1.0 / 1260 - r2 / 1680)));
}

}  // namespace

Rng::Rng(std::uint64_t seed) {
  for (auto& s : s_) s = splitmix64(seed);
}

std::uint64_t Rng::next() {
  std::uint64_t result = rotl(s_[1] * 5, 7) * 9, t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = rotl(s_[3], 45);
  return result;
}

double Rng::uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

BinomialProbability::BinomialProbability(double p) : given_(p), complement_(p > 0.5 && p < 1) {
  p_ = complement_ ? 1 - p : p;
  q_ = 1 - p_;
  log_q_ = std::log(q_);
  ratio_ = p_ / q_;
  log_ratio_ = std::log(p_ / q_);
}

std::uint64_t Rng::binomial(std::uint64_t n, double p) { return binomial(n, BinomialProbability(p)); }

std::uint64_t Rng::binomial(std::uint64_t n, const BinomialProbability& p) {
  if (n == 0 || p.given_ <= 0) return 0;
  if (p.given_ >= 1) return n;
  return p.complement_ ? n - binomial_at_most_half(n, p) : binomial_at_most_half(n, p);
}

std::uint64_t Rng::binomial_at_most_half(std::uint64_t n, const BinomialProbability& bp) {
  const double p = bp.p_, q = bp.q_, np = static_cast<double>(n) * p;
  if (np < 10) {
    // Inversion: walk the pmf from 0 (expected np + 1 steps).
    double ratio = bp.ratio_, r = std::exp(static_cast<double>(n) * bp.log_q_), u = uniform();
    std::uint64_t x = 0;
    while (u > r && x < n) {
      u -= r;
      ++x;
      r *= ratio * (static_cast<double>(n - x + 1) / static_cast<double>(x));
      if (r <= 0) break;
    }
    return x;
  }
  // BTRS: W. Hoermann, "The generation of binomial random variates" (1993). Most draws are
  // accepted by the quick test; the constants of the slow test (two log-factorials) are
  // worked out on the first draw that needs them, log(p / q) once per probability.
  double spq = std::sqrt(np * q), b = 1.15 + 2.53 * spq, a = -0.0873 + 0.0248 * b + 0.01 * p, c = np + 0.5,
         v_r = 0.92 - 4.2 / b, dn = static_cast<double>(n);
  double alpha = 0, m = 0, h = 0;
  bool slow_ready = false;
  while (true) {
    double u = uniform() - 0.5, v = uniform(), us = 0.5 - std::fabs(u);
    double k = std::floor((2 * a / us + b) * u + c);
    if (k < 0 || k > dn) continue;
    if (us >= 0.07 && v <= v_r) return static_cast<std::uint64_t>(k);
    if (!slow_ready) {
      alpha = (2.83 + 5.1 / b) * spq;
      m = std::floor(static_cast<double>(n + 1) * p);
      h = log_factorial(m) + log_factorial(dn - m);
      slow_ready = true;
    }
    v = std::log(v * alpha / (a / (us * us) + b));
    if (v <= h - log_factorial(k) - log_factorial(dn - k) + (k - m) * bp.log_ratio_)
      return static_cast<std::uint64_t>(k);
  }
}

}  // namespace caqa
