// A minibatch as the reader's pass reads it: both texts of every sample padded to the
// batch's longest, each token slot's feature rows with their weights, and the inverted
// index that turns the token gradients back into table-row gradients without atomics.
#pragma once

#include <cstdint>
#include <vector>

#include "caqa/reader/tokens.h"

namespace caqa::reader {

struct ReaderExample {
  TokenRows hypothesis, premise;  // the answer statement, the citation
  int label = 0;                  // class of the label scheme (ignored when predicting)
};

// One text per sample, padded to `length` tokens: slot n * length + t.
struct SideBatch {
  int length = 0;
  std::vector<int> lengths;               // real tokens per sample
  std::vector<std::uint32_t> offsets{0};  // per slot, into ids and weights (padding: none)
  std::vector<std::uint32_t> ids;         // rows of the embedding table (exact match: buckets + flag)
  std::vector<float> weights;             // 1 / features of the token, 1 for the exact-match row
  std::vector<float> mask;                // 1 for a real token, 0 for padding
};

// For each table row the batch uses (ascending), the token slots that use it and how much;
// slots of the hypotheses count first (0 .. B * La - 1), then the premises'.
struct TableScatter {
  std::vector<std::uint32_t> rows, offsets{0}, slots;
  std::vector<float> weights;
};

struct HostBatch {
  int size = 0;
  SideBatch hypothesis, premise;
  TableScatter scatter;
  std::vector<int> labels;
};

// The batch of examples[order[i]] for i < count, rows of a table with `buckets` hashed
// rows followed by the two exact-match rows. Every text must have a token (the callers
// refuse samples whose answer or citation has none).
HostBatch assemble_batch(const std::vector<ReaderExample>& examples, const std::size_t* order, std::size_t count,
                         std::uint32_t buckets);

}  // namespace caqa::reader
