// The flags of the commands that score prediction files (score, compare, validate,
// meta) and the I/O around the core's pipeline (caqa/scoring/pipeline.h): reading gold
// and predictions concurrently, printing what blocks a file and what was scored as wrong.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "caqa/scoring/pipeline.h"
#include "inputs.h"

namespace caqa::cli {

// More resamples than this cost seconds and gigabytes and change no reported digit.
inline constexpr std::uint32_t kMaxResamples = 100000;

// --bootstrap (capped at kMaxResamples) and --seed (no negative numbers).
void add_bootstrap_flags(CLI::App& app, std::uint32_t& resamples, std::uint64_t& seed);

struct ScoringFlags {
  bool ignore_missing = false;
  std::string duplicates = "error";
  std::uint32_t resamples = kDefaultResamples;
  std::uint64_t seed = kDefaultSeed;
  double level = kDefaultLevel;
  void add_to(CLI::App& app);
  void apply_to(ScoreRequest& request) const;
};

// One request from the flags a command has (scoring may be null: validate, meta).
ScoreRequest score_request(const GoldFlags& gold, const PredictionFlags& predictions, const ScoringFlags* scoring);

// Reads and parses the gold file on a second thread while the prediction files are
// read and parsed on this one, then hashes the gold here (the parse of the larger gold
// file takes about as long as the predictions' and the hash together).
struct LoadedInputs {
  std::optional<LoadedGold> gold;
  std::vector<std::optional<LoadedPredictions>> predictions;
};
enum class GoldHash : bool { Skip, Compute };  // Skip: no report names the gold's SHA-256 (validate)
// request takes the gold's own scheme first when the user chose none (adopt_gold_scheme).
LoadedInputs load_inputs(const std::string& gold_path, const std::vector<std::string>& paths, ScoreRequest& request,
                         GoldHash hash = GoldHash::Compute);

// The pipeline on one loaded file (caqa/scoring/pipeline.h), its id lookups on two threads.
ScoredFile score_joined(LoadedPredictions loaded, const LoadedGold& gold, const ScoreRequest& request);

// score_joined, then: when the file is blocked, prints the blocking problems (at most
// max_errors) and returns the file with no report; print_notes: one stderr line on what
// was scored as wrong or ignored.
ScoredFile score_loaded(LoadedPredictions loaded, const LoadedGold& gold, const ScoreRequest& request,
                        std::size_t max_errors, bool print_notes = true);

}  // namespace caqa::cli
