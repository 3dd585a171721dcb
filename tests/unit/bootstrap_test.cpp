#include <gtest/gtest.h>

#include <chrono>
#include <cmath>

#include "caqa/metrics/bootstrap.h"
#include "caqa/rng.h"

TEST(Percentile, MatchesNumpyLinearInterpolation) {
  std::vector<double> v{5, 1, 4, 2, 3};
  EXPECT_DOUBLE_EQ(caqa::percentile(v, 2.5), 1.1);  // numpy.percentile([1..5], 2.5)
  EXPECT_DOUBLE_EQ(caqa::percentile(v, 97.5), 4.9);
  EXPECT_DOUBLE_EQ(caqa::percentile(v, 50), 3);
}

TEST(Rng, SameSeedSameStream) {
  caqa::Rng a(7), b(7), c(8);
  for (int i = 0; i < 100; ++i) EXPECT_EQ(a.next(), b.next());
  EXPECT_NE(a.next(), c.next());
}

// Mean and variance of the sampler against n p and n p (1 - p), on both of its branches.
TEST(Rng, BinomialMoments) {
  caqa::Rng rng(13);
  for (auto [n, p] :
       std::vector<std::pair<std::uint64_t, double>>{{20, 0.1}, {1000, 0.3}, {1000000, 0.62}, {50, 0.97}}) {
    const int draws = 200000;
    double sum = 0, sum2 = 0;
    for (int i = 0; i < draws; ++i) {
      double x = static_cast<double>(rng.binomial(n, p));
      ASSERT_LE(x, static_cast<double>(n));
      sum += x;
      sum2 += x * x;
    }
    double mean = sum / draws, var = sum2 / draws - mean * mean;
    double want_mean = n * p, want_var = n * p * (1 - p);
    EXPECT_NEAR(mean, want_mean, 5 * std::sqrt(want_var / draws)) << n << " " << p;
    EXPECT_NEAR(var / want_var, 1.0, 0.03) << n << " " << p;
  }
}

TEST(Multinomial, DrawsExactlyN) {
  caqa::Rng rng(1);
  std::vector<std::uint64_t> out;
  caqa::MultinomialDraws({10, 0, 30, 60}).draw(rng, 1000, out);
  EXPECT_EQ(out[0] + out[1] + out[2] + out[3], 1000u);
  EXPECT_EQ(out[1], 0u);
}

// A replicate's correct count is Binomial(n, accuracy): its quantiles bound the CI.
TEST(Bootstrap, MicroF1IntervalFollowsBinomialLaw) {
  caqa::ConfusionMatrix m(4);
  m.add(caqa::Complexity::Single, 0, 0, 15108);  // 0.6295 of 24000 correct
  m.add(caqa::Complexity::Single, 0, 1, 8892);
  caqa::BootstrapOptions o{10000, 13, 0.95};
  auto ci = caqa::bootstrap_intervals(m, o);
  // Binomial(24000, 0.6295) 2.5% / 97.5% quantiles / n, from ORACLE.md: [0.623375, 0.635625].
  EXPECT_NEAR(ci.measure("micro_f1").low, 0.623375, 1e-3);
  EXPECT_NEAR(ci.measure("micro_f1").high, 0.635625, 1e-3);
  auto again = caqa::bootstrap_intervals(m, o);
  EXPECT_EQ(ci.measure("micro_f1").low, again.measure("micro_f1").low);
  EXPECT_EQ(ci.measure("micro_f1").high, again.measure("micro_f1").high);
}

TEST(Bootstrap, CostDoesNotGrowWithN) {
  auto time_for = [](std::uint64_t scale) {
    caqa::ConfusionMatrix m(4);
    for (auto c : caqa::kComplexities)
      for (int g = 0; g < 4; ++g)
        for (int o = 0; o < 6; ++o) m.add(c, g, o, scale * (1 + g + o));
    auto t0 = std::chrono::steady_clock::now();
    caqa::bootstrap_intervals(m, {2000, 1, 0.95});
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  };
  time_for(1);
  double small = time_for(10), large = time_for(100000);
  // Not a speed target (bench/ measures that): only that n = 13M costs about what n = 1.3k does.
  EXPECT_LT(large, 20 * small + 0.05);
}
