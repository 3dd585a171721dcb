// caqa train --model reader: the reader's flags and run (docs/baselines.md, "The reader").
#pragma once

#include <string>

#include <CLI/CLI.hpp>

#include "baseline/cli_support.h"

namespace caqa::cli {

class ReaderTraining {
 public:
  // Registers the reader's own flags in their group of `app`.
  void add_to(CLI::App& app);
  // The shared flags (--epochs, --batch, --lr, --seed, --dim, --backend) apply when given;
  // otherwise the reader's defaults do.
  int run(const CLI::App& app, const baseline::TrainFlags& shared, const std::string& train, const std::string& output);

 private:
  int embed_ = 64, hidden_ = 128, window_ = 5, patience_ = 3, max_tokens_ = 160;
  float dropout_ = 0.1f, weight_decay_ = 0.01f;
  double dev_fraction_ = 0.1;
  std::size_t max_samples_ = 0;
  std::string checkpoint_dir_, scheme_;
  bool resume_ = false, quiet_ = false;
};

}  // namespace caqa::cli
