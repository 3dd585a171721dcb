// AFLite (caqa/hardening/aflite.h) on a synthetic set: half the samples carry a cue word
// tied to their label, half are random text; the filter must remove the cued ones, keep
// the label x complexity mix, give the same result on every run, and refuse bad input.
#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <string>

#include "../parallel_runners.h"
#include "caqa/hardening/aflite.h"
#include "caqa/hardening/aflite_report.h"
#include "caqa/hardening/probe.h"
#include "caqa/rng.h"

namespace caqa::hardening {
namespace {

struct Synthetic {
  std::vector<std::string> question, answer, citation;
  std::vector<bool> cued;
  std::vector<FilterSample> samples;
};

std::string random_words(Rng& rng, int count) {
  std::string out;
  for (int w = 0; w < count; ++w) {
    if (w) out += ' ';
    for (int c = 0; c < 5; ++c) out += static_cast<char>('a' + rng.next() % 26);
  }
  return out;
}

// n samples, labels and complexities in turn (every stratum the same size); every
// second sample of a stratum has "cue<label>" in its citation.
Synthetic synthetic(std::size_t n, std::uint64_t seed = 5) {
  Synthetic s;
  Rng rng(seed);
  for (std::size_t i = 0; i < n; ++i) {
    const int label = static_cast<int>(i % kLabelCount);
    const bool cued = (i / (kLabelCount * kPaperComplexityCount)) % 2 == 0;
    s.question.push_back(random_words(rng, 6) + "?");
    s.answer.push_back(random_words(rng, 5) + " [1].");
    s.citation.push_back("[1] " + random_words(rng, 8) + (cued ? " cue" + std::to_string(label) : "") + ".");
    s.cued.push_back(cued);
  }
  for (std::size_t i = 0; i < n; ++i)
    s.samples.push_back({s.question[i], s.answer[i], s.citation[i], kLabels[i % kLabelCount],
                         kComplexities[(i / kLabelCount) % kPaperComplexityCount]});
  return s;
}

// Fewer, larger rounds of stronger models than the defaults: the numbers below follow
// from these settings, not from whatever the defaults become.
AfliteOptions classic() {
  AfliteOptions o;
  o.partitions = 32;
  o.epochs = 3;
  o.tau = 0.75;
  o.remove_per_round = {0.05};
  o.max_rounds = 10;
  return o;
}

TEST(Aflite, RemovesTheCuedSamples) {
  const Synthetic data = synthetic(1600);
  // k 5% per round, keep at least half, on the planted word cue alone.
  AfliteOptions words_only = classic();
  words_only.cue_features = false;
  const AfliteResult r = aflite_filter(data.samples, words_only);
  ASSERT_EQ(r.error, AfliteError::None);
  ASSERT_EQ(r.keep.size(), data.samples.size());
  std::size_t removed = 0, removed_cued = 0;
  for (std::size_t i = 0; i < r.keep.size(); ++i)
    if (!r.keep[i]) {
      ++removed;
      removed_cued += data.cued[i] ? 1 : 0;
    }
  EXPECT_EQ(removed, r.removed_total());
  // More than half of the 800 cued samples go (the fewer remain, the harder they are to
  // learn, so AFLite stops before the last), never more than half of all (min size),
  // and almost only cued ones.
  EXPECT_GE(removed, 400u);
  EXPECT_LE(removed, 800u);
  EXPECT_GE(removed_cued, removed * 98 / 100);
  ASSERT_FALSE(r.rounds.empty());
  EXPECT_EQ(r.rounds.front().remaining, 1600u);
  EXPECT_GT(r.rounds.front().mean_predictability, 0.5);
  std::size_t sum = 0;
  for (const auto& round : r.rounds) {
    EXPECT_LE(round.removed, 80u);  // k = 5% of 1,600
    sum += round.removed;
  }
  EXPECT_EQ(sum, removed);
}

TEST(Aflite, KeepsTheLabelComplexityMix) {
  // An unbalanced mix: drop three quarters of the irrelevant union samples first.
  Synthetic data = synthetic(1600);
  std::vector<FilterSample> samples;
  std::size_t seen = 0;
  for (const FilterSample& s : data.samples) {
    if (s.label == Label::Irrelevant && s.complexity == Complexity::Union && seen++ % 4 != 0) continue;
    samples.push_back(s);
  }
  AfliteOptions words_only;
  words_only.cue_features = false;
  const AfliteResult r = aflite_filter(samples, words_only);
  ASSERT_EQ(r.error, AfliteError::None);
  ASSERT_GT(r.removed_total(), 300u);
  // Each stratum's share of the kept samples within one point of its input share (about
  // 6.5%): quotas follow the input mix, and a stratum short of predictable samples in a
  // late round is the only source of drift.
  StratumCounts kept{};
  for (std::size_t i = 0; i < samples.size(); ++i)
    if (r.keep[i]) ++kept[index_of(samples[i].label)][index_of(samples[i].complexity)];
  for (Label l : kLabels)
    for (Complexity c : kComplexities) {
      const double in = static_cast<double>(r.input[index_of(l)][index_of(c)]) / samples.size();
      const double out = static_cast<double>(kept[index_of(l)][index_of(c)]) / r.kept();
      EXPECT_NEAR(out, in, 0.01) << label_name(l) << " x " << complexity_name(c);
      EXPECT_EQ(kept[index_of(l)][index_of(c)] + r.removed[index_of(l)][index_of(c)],
                r.input[index_of(l)][index_of(c)]);
    }
}

TEST(Aflite, SameResultEveryRunForASeed) {
  const Synthetic data = synthetic(800);
  AfliteOptions options;
  options.partitions = 12;
  const AfliteResult a = aflite_filter(data.samples, options), b = aflite_filter(data.samples, options);
  EXPECT_EQ(a.keep, b.keep);
  ASSERT_EQ(a.rounds.size(), b.rounds.size());
  for (std::size_t i = 0; i < a.rounds.size(); ++i)
    EXPECT_EQ(a.rounds[i].mean_predictability, b.rounds[i].mean_predictability);
  EXPECT_EQ(aflite_json(a, options).dump(), aflite_json(b, options).dump());
}

// A round's models train in parallel where a runner allows: the same samples kept, the
// same predictability sums, whichever model finished first.
TEST(Aflite, SameResultForAnyRunner) {
  const Synthetic data = synthetic(800);
  AfliteOptions options;
  options.partitions = 6;
  const AfliteResult in_order = aflite_filter(data.samples, options);
  for (const ParallelFor& runner : {testing::backwards_runner(), testing::thread_per_item_runner()}) {
    const AfliteResult other = aflite_filter(data.samples, options, runner);
    EXPECT_EQ(other.keep, in_order.keep);
    EXPECT_EQ(aflite_json(other, options).dump(), aflite_json(in_order, options).dump());
  }
}

TEST(Aflite, StopsWhenTooFewArePredictable) {
  // Random text only: nothing reaches tau, so one round runs and removes nothing.
  Synthetic data = synthetic(640);
  std::vector<FilterSample> random;
  for (std::size_t i = 0; i < data.samples.size(); ++i)
    if (!data.cued[i]) random.push_back(data.samples[i]);
  const AfliteResult r = aflite_filter(random);
  ASSERT_EQ(r.error, AfliteError::None);
  ASSERT_EQ(r.rounds.size(), 1u);
  EXPECT_LT(r.rounds[0].qualifying, r.rounds[0].remaining / 20);
  EXPECT_EQ(r.kept(), random.size() - r.rounds[0].removed);
  EXPECT_LT(r.rounds[0].mean_predictability, 0.5);
}

TEST(Aflite, RoundCapAndAbsoluteAmounts) {
  const Synthetic data = synthetic(1600);
  AfliteOptions options = classic();
  options.cue_features = false;     // the planted word alone: enough predictable samples in every stratum
  options.remove_per_round = {48};  // 3 per stratum
  options.max_rounds = 2;
  const AfliteResult r = aflite_filter(data.samples, options);
  ASSERT_EQ(r.rounds.size(), 2u);
  EXPECT_EQ(r.rounds[0].removed, 48u);
  EXPECT_EQ(r.rounds[1].remaining, 1600u - 48u);
  EXPECT_EQ(r.removed_total(), r.rounds[0].removed + r.rounds[1].removed);
  options.max_rounds = 0;
  EXPECT_EQ(aflite_filter(data.samples, options).removed_total(), 0u);
  EXPECT_EQ((Amount{0.25}).of(800), 200u);
  EXPECT_EQ((Amount{25}).of(800), 25u);
}

TEST(Aflite, EmptyInputIsANoOp) {
  const AfliteResult r = aflite_filter({});
  EXPECT_EQ(r.error, AfliteError::None);
  EXPECT_TRUE(r.keep.empty());
  EXPECT_TRUE(r.rounds.empty());
  EXPECT_NE(aflite_markdown(r, {}).find("removed 0 of 0 samples"), std::string::npos);
}

TEST(Aflite, OneLabelAndBadOptionsAreErrors) {
  Synthetic data = synthetic(64);
  std::vector<FilterSample> one;
  for (const auto& s : data.samples)
    if (s.label == Label::Supportive) one.push_back(s);
  AfliteResult r = aflite_filter(one);
  EXPECT_EQ(r.error, AfliteError::SingleLabel);
  EXPECT_EQ(r.kept(), one.size());
  EXPECT_NE(aflite_error_message(r.error).find("two labels"), std::string_view::npos);
  AfliteOptions bad;
  bad.train_share = 1.0;
  r = aflite_filter(data.samples, bad);
  EXPECT_EQ(r.error, AfliteError::BadOptions);
  EXPECT_EQ(r.kept(), data.samples.size());
}

TEST(AfliteReport, MarkdownAndJsonAgreeWithTheResult) {
  const Synthetic data = synthetic(800);
  const AfliteOptions options;
  const AfliteResult r = aflite_filter(data.samples, options);
  const std::string md = aflite_markdown(r, options);
  EXPECT_NE(md.find("## Adversarial filtering"), std::string::npos);
  EXPECT_NE(md.find("removed " + std::to_string(r.removed_total()) + " of 800 samples"), std::string::npos);
  EXPECT_NE(md.find("| supportive |"), std::string::npos);
  const auto j = aflite_json(r, options);
  EXPECT_EQ(j["input"], 800);
  EXPECT_EQ(j["kept"], r.kept());
  EXPECT_EQ(j["rounds"].size(), r.rounds.size());
  EXPECT_EQ(j["options"]["remove_per_round"], 32);  // 4% of 800
  std::size_t by_stratum = 0;
  for (const auto& [label, row] : j["removed_by_stratum"].items())
    for (const auto& [level, n] : row.items()) by_stratum += n.get<std::size_t>();
  EXPECT_EQ(by_stratum, r.removed_total());
}

TEST(AfliteProbe, FullInputScoreFallsAfterFiltering) {
  const Synthetic data = synthetic(1600);
  std::vector<bool> is_test(data.samples.size());
  for (std::size_t i = 0; i < is_test.size(); ++i) is_test[i] = i % 5 == 0;
  const double before = full_input_micro_f1(data.samples, is_test);
  AfliteOptions words_only;
  words_only.cue_features = false;
  const AfliteResult r = aflite_filter(data.samples, words_only);
  const double after = full_input_micro_f1(data.samples, is_test, r.keep);
  EXPECT_GT(before, 0.55);  // the cued half is learnt
  EXPECT_LT(after, before - 0.2);
  std::vector<bool> none(data.samples.size(), false);
  EXPECT_TRUE(std::isnan(full_input_micro_f1(data.samples, is_test, none)));
}

}  // namespace
}  // namespace caqa::hardening
