// Adversarial filtering in the AFLite manner (Le Bras et al., ICML 2020, "Adversarial
// Filters of Dataset Biases", Algorithm 1), over the trained baseline's model: hashed
// n-grams of the full input (caqa/baseline/features.h), plus the audit's shallow cues
// binned (cue_features.h), and the CPU logistic regression (caqa/baseline/logreg_cpu.h). Each round draws random
// train/held-out partitions of the samples still kept, trains one linear model per partition and scores every sample by
// its predictability: the fraction of its held-out appearances predicted correctly. Up to k of the most predictable
// samples (predictability >= tau) are removed, spread over the label x complexity strata so that the mix stays near the
// input's. No I/O and no threads of its own (a caller's ParallelFor may run the partitions): the same samples and
// options give the same result on every run, thread count and platform build.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "caqa/complexity.h"
#include "caqa/label.h"
#include "caqa/parallel.h"

namespace caqa::hardening {

// One sample as the filter sees it: its text (borrowed for the call) and its stratum.
struct FilterSample {
  std::string_view question, answer, citation;
  Label label;
  Complexity complexity;
};

// A count given absolutely (>= 1) or as a fraction of the input size (below 1).
struct Amount {
  double value = 0;
  std::size_t of(std::size_t input_size) const;
};

struct AfliteOptions {
  std::uint64_t seed = 13;
  // Cheap models and many small rounds: the filter keeps going while samples stay
  // predictable, and each round sees what the last one left.
  int partitions = 12;            // m: random train/held-out partitions per round
  double train_share = 0.5;       // share of the kept samples each model trains on
  int epochs = 2;                 // training epochs per model (a cheap, shallow probe)
  std::uint32_t dim_bits = 16;    // hashed feature space: 2^dim_bits buckets
  double tau = 0.7;               // predictability at or above which a sample may go
  Amount remove_per_round{0.04};  // k: at most this many removed per round
  Amount min_size{0.5};           // never keep fewer than this many
  int max_rounds = 24;
  // The audit's shallow cues (lengths, presence), binned, beside the n-grams and as a
  // view of their own: the filter then also removes what those cues give away
  // (cue_features.h); a sample is as predictable as its most predictive view.
  bool cue_features = true;
};

enum class AfliteError : std::uint8_t { None, BadOptions, SingleLabel };
std::string_view aflite_error_message(AfliteError error);

struct AfliteRound {
  std::size_t remaining = 0;   // kept samples when the round began
  std::size_t qualifying = 0;  // of them with predictability >= tau
  std::size_t removed = 0;
  double mean_predictability = 0;  // over the samples the round scored
};

using StratumCounts = std::array<std::array<std::size_t, kComplexityCount>, kLabelCount>;  // [label][complexity]

struct AfliteResult {
  AfliteError error = AfliteError::None;
  std::vector<bool> keep;  // one per input sample, in input order
  std::vector<AfliteRound> rounds;
  StratumCounts input{}, removed{};  // indexed by index_of(label), index_of(complexity)
  std::size_t kept() const;
  std::size_t removed_total() const { return keep.size() - kept(); }
};

// Empty input: nothing to filter (no rounds, no error). A single label: SingleLabel (every
// sample would be trivially predictable). Options out of range: BadOptions.
// The partitions of a round train in parallel where `parallel` runs them so; the result is
// the same either way.
AfliteResult aflite_filter(const std::vector<FilterSample>& samples, const AfliteOptions& options = {},
                           const ParallelFor& parallel = {});

}  // namespace caqa::hardening
