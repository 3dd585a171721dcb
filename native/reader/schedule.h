// Which samples the reader trains on, in which order: a dev slice held out of train by
// question (every sample of a question on the same side), and per epoch a shuffled order
// cut into batches of similar length (less padding), a function of (seed, epoch) only, so
// that a run resumed from a checkpoint sees the batches the uninterrupted run would have.
#pragma once

#include <cstdint>
#include <vector>

#include "reader/reader_data.h"

namespace caqa::reader {

struct TrainDevSplit {
  std::vector<std::size_t> train, dev;  // sample indices, ascending
};
// dev_fraction of the questions (by hash; a sample without a question goes by its answer).
TrainDevSplit split_train_dev(const ReaderData& data, double dev_fraction);

// Batches of `batch` samples for one epoch (the last may be shorter).
std::vector<std::vector<std::size_t>> epoch_batches(const std::vector<std::size_t>& samples,
                                                    const std::vector<ReaderExample>& examples, int batch,
                                                    std::uint64_t seed, int epoch);

// Batches for prediction: in order of length, so that padding is small; every index once.
std::vector<std::vector<std::size_t>> length_batches(const std::vector<std::size_t>& samples,
                                                     const std::vector<ReaderExample>& examples, int batch);

}  // namespace caqa::reader
