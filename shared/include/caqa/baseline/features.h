// Hashed features of one benchmark sample for the trained baseline (no I/O):
//   - word unigrams and bigrams and in-word character 3-grams, lower-cased, of
//     question + answer (namespace "qa") and of the citation (namespace "c"), each
//     namespace's presence features scaled to unit L2 norm;
//   - pair features (full view only): overlap of entity-like tokens (capitalised words,
//     numbers) between the answer's claim and the citation, and of relation words
//     (other content words) between the question and the citation, as bucketed
//     indicators and their crosses.
// Partial views (for `caqa audit`) keep only some fields and no pair features.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>

#include "caqa/baseline/logreg.h"

namespace caqa::baseline {

enum class InputView : std::uint8_t { Full = 0, CitationOnly = 1, QuestionAnswer = 2, AnswerOnly = 3 };
inline constexpr int kInputViewCount = 4;

std::string_view view_name(InputView view);  // full, citation, question+answer, answer
std::optional<InputView> parse_view(std::string_view name);

struct TextFields {
  std::string_view question, answer, citation;
};

struct FeatureConfig {
  std::uint32_t dim_bits = 18;
  InputView view = InputView::Full;
};

// Appends one row (sorted, distinct indices) to out.
void featurize(const TextFields& fields, const FeatureConfig& config, SparseRows& out);

// featurize() for many rows whose questions and answers repeat (a built benchmark states a
// question and its answer in up to four samples): their part of a row is worked out once
// per distinct pair and kept (about a kilobyte each). The rows are featurize()'s.
class Featurizer {
 public:
  explicit Featurizer(const FeatureConfig& config);
  ~Featurizer();
  void add(const TextFields& fields, SparseRows& out);

 private:
  struct Impl;
  FeatureConfig config_;
  std::unique_ptr<Impl> impl_;
};

}  // namespace caqa::baseline
