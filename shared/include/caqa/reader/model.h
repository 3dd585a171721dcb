// The reader (issue 34; docs/baselines.md): a decomposable-attention model (Parikh et al.,
// EMNLP 2016) with a convolutional context window, relating the answer statement to the
// citation token by token.
//   X = sum of a token's feature rows: its hashed word and character trigrams (weight
//       1/count each, so unseen names embed) and its exact-match row (in the other text?)
//   H = relu(window(X) W1' + b1)        each token with its neighbours, both texts
//   S = Ha Hb'; Ca = softmax_rows(S) Hb; Cb = softmax_rows(S') Ha     align
//   V = relu([H, C, H*C, H-C] W2' + b2)  compare each token with what it aligned to
//   z = relu([mean Va, max Va, mean Vb, max Vb] W3' + b3); logits = z W4' + b4
// Parameters live in one flat vector (parameter_layout), so that the optimiser state, the
// safetensors file and the CUDA copy are one buffer each.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace caqa::reader {

struct ReaderConfig {
  std::uint32_t buckets = 1u << 17;  // hashed feature rows
  int dim = 64;                      // embedding
  int window = 5;                    // tokens seen at once by the projection (odd)
  int hidden = 128;                  // projection, comparison, aggregation
  int classes = 4;                   // the label scheme's classes
  float dropout = 0.1f;              // on the comparison's input and the pooled vector
  int max_tokens = 160;              // per text; longer ones are cut
};

// "" when the sizes can be built, else what is wrong with them.
std::string check_config(const ReaderConfig& config);

// One named tensor of the flat parameter vector: rows x cols, row-major.
struct Tensor {
  std::string name;
  std::size_t offset = 0, rows = 0, cols = 0;
  std::size_t size() const { return rows * cols; }
};

// The tensors in this order; "embedding" and "exact_match" are adjacent, so that the
// exact-match rows are rows buckets and buckets + 1 of one table.
enum ParamIndex {
  kEmbedding,
  kExactMatch,
  kProjectW,
  kProjectB,
  kCompareW,
  kCompareB,
  kAggregateW,
  kAggregateB,
  kClassifyW,
  kClassifyB,
  kParamTensors
};
std::vector<Tensor> parameter_layout(const ReaderConfig& config);
std::size_t parameter_count(const ReaderConfig& config);

// Initial parameters for a seed: the embedding table uniform with standard deviation 0.1,
// each linear layer uniform in +-1/sqrt(fan in) (PyTorch's nn.Linear default), drawn by
// the counter-based generator so that any platform gets the same bytes.
std::vector<float> initial_parameters(const ReaderConfig& config, std::uint64_t seed);

}  // namespace caqa::reader
