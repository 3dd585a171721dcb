// What caqa train / predict / audit share: training flags, backend choice with its
// one-line explanation, writing files, the score table.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "baseline/backend.h"
#include "caqa/metrics/classification.h"

namespace caqa::baseline {

struct TrainFlags {
  std::uint64_t seed = 13;
  int epochs = TrainOptions{}.epochs;
  int batch = TrainOptions{}.batch;
  float lr = TrainOptions{}.lr;
  std::uint32_t dim = 1u << 18;
  std::string backend = "auto";
  void add_to(CLI::App& app);
  TrainOptions options() const;
  // nullopt after printing why (--dim not a power of two).
  std::optional<std::uint32_t> dim_bits() const;
};

// Picks the backend and prints "caqa CMD: backend NAME (REASON)" to stderr; nullptr
// (after printing why) when --backend cuda cannot run.
std::unique_ptr<ComputeBackend> open_backend(const std::string& command, const std::string& request);

std::optional<Dataset> load_dataset(const std::string& command, const std::string& path);

// One score-table row: micro-F1, the four label F1s, micro-F1 per complexity.
struct ScoreRow {
  std::string name;
  Classification scores;
};
std::string render_score_rows(const std::vector<ScoreRow>& rows, const std::string& first_column);

}  // namespace caqa::baseline
