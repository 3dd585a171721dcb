// Loading gold and prediction files for the subcommands: the flags they share,
// reading, parsing and printing what went wrong.
#pragma once

#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "caqa/gold_set.h"
#include "caqa/prediction.h"
#include "caqa/score.h"
#include "exit_codes.h"

namespace caqa::cli {

struct GoldFlags {
  std::string path;
  std::string split;
  void add_to(CLI::App& app);
};

struct PredictionFlags {
  std::string format = "auto";
  std::string extract = "lenient";
  std::string scheme = std::string(caqa_scheme().name);
  bool binary = false;                   // shorthand for --scheme binary
  CLI::Option* scheme_option = nullptr;  // to tell a --scheme the user gave from the default
  std::size_t max_line_bytes = kDefaultMaxLineBytes;
  std::size_t max_errors = 50;
  void add_to(CLI::App& app, bool with_scheme = true);
  // Fills the reading half of a request: format, extract, scheme, line limit.
  void apply_to(ScoreRequest& request) const;
};

struct LoadedGold {
  GoldSet gold;
  std::string name, sha256;
};

// Prints problems to stderr and returns nullopt when the gold file is unusable.
// sha256 is left empty when with_hash is false (the caller hashes the text itself).
std::optional<LoadedGold> load_gold(const std::string& path, const GoldOptions& options, bool with_hash = true);
std::optional<LoadedGold> parse_gold_text(const std::string& path, const InputText& text, const GoldOptions& options);

struct LoadedPredictions {
  PredictionSet set;
  std::string name;
};

std::optional<LoadedPredictions> load_predictions(const std::string& path, const PredictionOptions& options);

// Prints up to max diagnostics (0 = all) in file:line:col form, then how many were left out.
void print_diagnostics(std::FILE* out, const std::string& file, const Diagnostics& diagnostics, std::size_t max);

// Writes text with write_file_atomic (files.h): to stdout when path is empty or "-";
// prints why not and returns false on any error, a failed write to stdout included.
bool emit(const std::string& path, const std::string& text);

}  // namespace caqa::cli
