// Loading gold and prediction files for the subcommands: the flags they share,
// reading, parsing and printing what went wrong.
#pragma once

#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "caqa/gold_set.h"
#include "caqa/prediction.h"

namespace caqa::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitInvalid = 1;
inline constexpr int kExitUsage = 2;

struct GoldFlags {
  std::string path;
  std::string split;
  void add_to(CLI::App& app);
};

struct PredictionFlags {
  std::string format = "auto";
  std::string extract = "lenient";
  bool binary = false;
  std::size_t max_line_bytes = kDefaultMaxLineBytes;
  std::size_t max_errors = 50;
  void add_to(CLI::App& app, bool with_binary = true);
  PredictionOptions options() const;
};

struct LoadedGold {
  GoldSet gold;
  std::string name, sha256;
};

// Prints problems to stderr and returns nullopt when the gold file is unusable.
// sha256 is left empty when with_hash is false (the caller hashes the text itself).
std::optional<LoadedGold> load_gold(const GoldFlags& flags, std::size_t max_line_bytes, bool with_hash = true);
std::optional<LoadedGold> parse_gold_text(const GoldFlags& flags, const InputText& text, std::size_t max_line_bytes);

struct LoadedPredictions {
  PredictionSet set;
  std::string name;
};

std::optional<LoadedPredictions> load_predictions(const std::string& path, const PredictionFlags& flags);

// Prints up to max diagnostics (0 = all) in file:line:col form, then how many were left out.
void print_diagnostics(std::FILE* out, const std::string& file, const Diagnostics& diagnostics, std::size_t max);

// Writes text to path atomically, or to stdout when path is empty.
bool emit(const std::string& path, const std::string& text);

}  // namespace caqa::cli
