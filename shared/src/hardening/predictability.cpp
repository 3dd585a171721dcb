#include "predictability.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "caqa/baseline/features.h"
#include "caqa/baseline/logreg_cpu.h"

namespace caqa::hardening::detail {

namespace {

using baseline::SparseRows;

std::uint64_t partition_seed(std::uint64_t seed, int round, int partition) {
  return seed * 0x9E3779B97F4A7C15ull ^
         (static_cast<std::uint64_t>(round) << 32 | static_cast<std::uint32_t>(partition));
}

// Copies the given rows of x into out (the backends take contiguous rows).
void gather(const SparseRows& x, const std::uint32_t* rows, std::size_t n, SparseRows& out) {
  out.offsets.assign(1, 0);
  out.indices.clear();
  out.values.clear();
  for (std::size_t r = 0; r < n; ++r) {
    const std::uint64_t b = x.offsets[rows[r]], e = x.offsets[rows[r] + 1];
    out.indices.insert(out.indices.end(), x.indices.begin() + b, x.indices.begin() + e);
    out.values.insert(out.values.end(), x.values.begin() + b, x.values.begin() + e);
    out.offsets.push_back(out.indices.size());
  }
}

}  // namespace

std::vector<Predictability> score_predictability(const SparseRows& x, const std::vector<std::uint8_t>& labels,
                                                 const std::vector<std::uint32_t>& kept, const AfliteOptions& options,
                                                 int round, const ParallelFor& parallel) {
  const std::size_t n = kept.size();
  // At least one sample on each side, whatever the share.
  const auto t = std::clamp<std::size_t>(static_cast<std::size_t>(std::llround(options.train_share * n)), 1, n - 1);
  // Each partition's model is independent of the others: they train in parallel, and their
  // held-out predictions are summed into the scores afterwards in partition order, so the
  // sums round the same way whichever partition finished first.
  struct HeldOut {
    std::vector<std::uint32_t> order;  // positions in kept; [t, n) held out
    std::vector<float> probs;          // (n - t) * kClasses
  };
  std::vector<HeldOut> parts(static_cast<std::size_t>(options.partitions));
  run_each(parallel, parts.size(), [&](std::size_t p) {
    const std::uint64_t seed = partition_seed(options.seed, round, static_cast<int>(p));
    HeldOut& part = parts[p];
    part.order = baseline::epoch_order(n, seed, 0);
    std::vector<std::uint32_t> rows(n);
    std::vector<std::uint8_t> train_labels(t);
    for (std::size_t i = 0; i < n; ++i) rows[i] = kept[part.order[i]];
    for (std::size_t i = 0; i < t; ++i) train_labels[i] = labels[rows[i]];
    SparseRows train_x, held_x;
    gather(x, rows.data(), t, train_x);
    gather(x, rows.data() + t, n - t, held_x);
    baseline::LogRegModel model;
    model.reset(options.dim_bits, static_cast<std::uint8_t>(baseline::InputView::Full));
    baseline::TrainOptions train;
    train.seed = seed;
    train.epochs = options.epochs;
    std::string error;  // the CPU backend fails only on a bad schedule, which options rule out
    baseline::cpu::logreg_train(baseline::view_of(train_x), train_labels.data(), train, model, error);
    part.probs.resize((n - t) * baseline::kClasses);
    baseline::cpu::logreg_predict(baseline::view_of(held_x), model, part.probs.data(), error);
  });
  std::vector<Predictability> scores(n);
  for (const HeldOut& part : parts)
    for (std::size_t i = t; i < n; ++i) {
      const float* prob = part.probs.data() + (i - t) * baseline::kClasses;
      const std::uint8_t gold = labels[kept[part.order[i]]];
      Predictability& s = scores[part.order[i]];
      ++s.seen;
      s.correct += baseline::argmax4(prob) == gold ? 1 : 0;
      s.gold_probability += prob[gold];
    }
  return scores;
}

}  // namespace caqa::hardening::detail
