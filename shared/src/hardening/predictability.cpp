#include "predictability.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>

#include "caqa/baseline/features.h"
#include "caqa/baseline/logreg_cpu.h"
#include "caqa/workspace_pool.h"

namespace caqa::hardening::detail {

namespace {

using baseline::SparseRows;

std::uint64_t partition_seed(std::uint64_t seed, int round, int partition) {
  return seed * 0x9E3779B97F4A7C15ull ^
         (static_cast<std::uint64_t>(round) << 32 | static_cast<std::uint32_t>(partition));
}

}  // namespace

std::vector<Predictability> score_predictability(const SparseRows& x, const std::vector<std::uint8_t>& labels,
                                                 const std::vector<std::uint32_t>& kept, const AfliteOptions& options,
                                                 int round, const ParallelFor& parallel) {
  const std::size_t n = kept.size();
  // At least one sample on each side, whatever the share.
  const auto t = std::clamp<std::size_t>(static_cast<std::size_t>(std::llround(options.train_share * n)), 1, n - 1);
  // A partition's verdicts on its held-out samples: the partitions run in any order (on
  // any thread) and are summed in partition order after, as one after another would be.
  struct Verdicts {
    std::vector<std::uint32_t> position;  // in kept
    std::vector<std::uint8_t> correct;
    std::vector<float> gold_probability;
  };
  // What a partition works in, reused by the next partition to run.
  struct Workspace {
    std::vector<std::uint8_t> train_labels;
    std::vector<std::uint32_t> rows;
    std::vector<float> probs;
    baseline::LogRegModel model;
  };
  std::vector<Verdicts> verdicts(static_cast<std::size_t>(options.partitions));
  WorkspacePool<Workspace> pool;
  run_each(parallel, verdicts.size(), [&](std::size_t p) {
    std::unique_ptr<Workspace> w = pool.take();
    const std::uint64_t seed = partition_seed(options.seed, round, static_cast<int>(p));
    const auto order = baseline::epoch_order(n, seed, 0);  // positions in kept
    w->rows.resize(n);
    w->train_labels.resize(t);
    w->probs.resize((n - t) * baseline::kClasses);
    for (std::size_t i = 0; i < n; ++i) w->rows[i] = kept[order[i]];
    for (std::size_t i = 0; i < t; ++i) w->train_labels[i] = labels[w->rows[i]];
    w->model.reset(options.dim_bits, static_cast<std::uint8_t>(baseline::InputView::Full));
    baseline::TrainOptions train;
    train.seed = seed;
    train.epochs = options.epochs;
    std::string error;  // the CPU backend fails only on a bad schedule, which options rule out
    const baseline::CsrView all = baseline::view_of(x);
    baseline::cpu::logreg_train_rows(all, w->rows.data(), t, w->train_labels.data(), train, w->model, error);
    baseline::cpu::logreg_predict_rows(all, w->rows.data() + t, n - t, w->model, w->probs.data());
    Verdicts& v = verdicts[p];
    for (std::size_t i = t; i < n; ++i) {
      const float* prob = w->probs.data() + (i - t) * baseline::kClasses;
      const std::uint8_t gold = labels[w->rows[i]];
      v.position.push_back(order[i]);
      v.correct.push_back(baseline::argmax4(prob) == gold ? 1 : 0);
      v.gold_probability.push_back(prob[gold]);
    }
    pool.give_back(std::move(w));
  });
  std::vector<Predictability> scores(n);
  for (const Verdicts& v : verdicts)
    for (std::size_t i = 0; i < v.position.size(); ++i) {
      Predictability& s = scores[v.position[i]];
      ++s.seen;
      s.correct += v.correct[i];
      s.gold_probability += v.gold_probability[i];
    }
  return scores;
}

}  // namespace caqa::hardening::detail
