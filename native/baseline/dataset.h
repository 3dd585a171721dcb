// Benchmark samples with their text, read for the baselines (`caqa train`, `predict`,
// `audit`). The scorer reads only id/label/complexity (caqa/gold_set.h); the
// baselines also need question, answer and citation.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "caqa/baseline/features.h"
#include "caqa/complexity.h"
#include "caqa/formats/samples_reader.h"
#include "caqa/label.h"

namespace caqa::baseline {

struct Dataset {
  std::vector<std::string> ids;  // each id as its JSON token ("\"d1-sup\"" or 5), written back as is
  std::vector<std::string> question, answer, citation;
  std::vector<Label> labels;  // Supportive where the line has none (see has_labels)
  std::vector<Complexity> complexity;
  bool has_labels = true;  // every line has a canonical "label"
  std::size_t size() const { return ids.size(); }
  TextFields fields(std::size_t i) const { return {question[i], answer[i], citation[i]}; }
  std::vector<TextFields> all_fields() const;
  std::vector<std::uint8_t> label_indices() const;
  // The first n samples (or all when n >= size()).
  Dataset head(std::size_t n) const;
};

// A sample's id as its JSON token (a string quoted, an integer as written), so that a
// prediction file writes every id back as read.
std::string json_id_token(const Sample& sample);

// A benchmark file (caqa/formats/samples_reader.h) whose samples all have question,
// answer and citation; "label" is optional, canonical when present. On failure returns
// nullopt and sets error to the first problem, "file:line:column: error[code]: ...".
std::optional<Dataset> read_dataset(const std::string& path, std::string& error);

// Features of every sample, rows in sample order (threads split the rows; the result
// does not depend on the thread count).
SparseRows featurize_all(const Dataset& data, const FeatureConfig& config, unsigned threads = 0);

}  // namespace caqa::baseline
