// Reads, validates and scores one prediction file for score and compare.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "caqa/score.h"
#include "inputs.h"

namespace caqa::cli {

struct ScoringFlags {
  bool ignore_missing = false;
  std::string duplicates = "error";
  std::uint32_t resamples = 1000;
  std::uint64_t seed = 13;
  double level = 0.95;
  void add_to(CLI::App& app, std::uint32_t default_resamples);
  ScoreOptions options(const PredictionFlags& predictions) const;
};

struct ScoredFile {
  LoadedPredictions predictions;
  Validation validation;
  ScoreReport report;
};

// nullopt (after printing why) when the file has blocking errors.
// print_notes: one stderr line on what was scored as wrong or ignored.
std::optional<ScoredFile> score_loaded(LoadedPredictions loaded, const LoadedGold& gold, const PredictionFlags& flags,
                                       const ScoreOptions& options, bool print_notes = true);

// Reads and parses the gold file on a second thread while the prediction files are
// read and parsed on this one (the two largest costs of scoring a big file).
struct LoadedInputs {
  std::optional<LoadedGold> gold;
  std::vector<std::optional<LoadedPredictions>> predictions;
};
LoadedInputs load_inputs(const GoldFlags& gold, const std::vector<std::string>& paths, const PredictionFlags& flags);

}  // namespace caqa::cli
