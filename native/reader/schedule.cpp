#include "reader/schedule.h"

#include <algorithm>

#include "caqa/hash.h"
#include "caqa/reader/ops.h"
#include "caqa/rng.h"

namespace caqa::reader {

namespace {

// Samples per sorted window: long enough that neighbours have similar lengths, short enough
// that each epoch's batches still mix the whole set.
constexpr std::size_t kWindowBatches = 50;

std::size_t tokens_of(const ReaderExample& ex) { return ex.hypothesis.size() + ex.premise.size(); }

}  // namespace

TrainDevSplit split_train_dev(const ReaderData& data, double dev_fraction) {
  TrainDevSplit out;
  const std::uint64_t cut = static_cast<std::uint64_t>(dev_fraction * 1e6);
  for (std::size_t i = 0; i < data.size(); ++i) {
    const std::string& key = data.question[i].empty() ? data.answer[i] : data.question[i];
    (fnv1a64(key, fnv1a64("dev:")) % 1000000 < cut ? out.dev : out.train).push_back(i);
  }
  return out;
}

std::vector<std::vector<std::size_t>> epoch_batches(const std::vector<std::size_t>& samples,
                                                    const std::vector<ReaderExample>& examples, int batch,
                                                    std::uint64_t seed, int epoch) {
  Rng rng(ops::mix64(seed) ^ ops::mix64(static_cast<std::uint64_t>(epoch) + 1));
  std::vector<std::size_t> order = samples;
  shuffle(order, rng);
  const std::size_t size = static_cast<std::size_t>(batch), window = size * kWindowBatches;
  std::vector<std::vector<std::size_t>> out;
  for (std::size_t begin = 0; begin < order.size(); begin += window) {
    const auto first = order.begin() + static_cast<std::ptrdiff_t>(begin);
    const auto last = order.begin() + static_cast<std::ptrdiff_t>(std::min(order.size(), begin + window));
    std::stable_sort(first, last,
                     [&](std::size_t a, std::size_t b) { return tokens_of(examples[a]) < tokens_of(examples[b]); });
    for (auto it = first; it < last; it += static_cast<std::ptrdiff_t>(std::min<std::size_t>(size, last - it)))
      out.emplace_back(it, it + static_cast<std::ptrdiff_t>(std::min<std::size_t>(size, last - it)));
  }
  std::vector<std::size_t> batch_order(out.size());
  for (std::size_t i = 0; i < batch_order.size(); ++i) batch_order[i] = i;
  shuffle(batch_order, rng);
  std::vector<std::vector<std::size_t>> shuffled;
  shuffled.reserve(out.size());
  for (std::size_t i : batch_order) shuffled.push_back(std::move(out[i]));
  return shuffled;
}

std::vector<std::vector<std::size_t>> length_batches(const std::vector<std::size_t>& samples,
                                                     const std::vector<ReaderExample>& examples, int batch) {
  std::vector<std::size_t> order = samples;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return tokens_of(examples[a]) < tokens_of(examples[b]); });
  std::vector<std::vector<std::size_t>> out;
  for (std::size_t begin = 0; begin < order.size(); begin += static_cast<std::size_t>(batch))
    out.emplace_back(order.begin() + static_cast<std::ptrdiff_t>(begin),
                     order.begin() + static_cast<std::ptrdiff_t>(std::min(order.size(), begin + batch)));
  return out;
}

}  // namespace caqa::reader
