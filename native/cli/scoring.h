// Reads, validates and scores one prediction file for score and compare.
#pragma once

#include <optional>
#include <string>

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

// nullopt (after printing why) when the file cannot be read or has blocking errors.
std::optional<ScoredFile> score_file(const std::string& path, const LoadedGold& gold, const PredictionFlags& flags,
                                     const ScoreOptions& options);

}  // namespace caqa::cli
