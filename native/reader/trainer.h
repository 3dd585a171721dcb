// Training the reader: epochs of AdamW steps over the train samples less a dev slice,
// dev micro-F1 after each epoch, early stopping, and a checkpoint per epoch from which a
// killed run resumes to the same result (issue 34, item 6).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "caqa/reader/weights_file.h"
#include "reader/engine.h"
#include "reader/reader_data.h"

namespace caqa::reader {

struct TrainingPlan {
  ReaderConfig config;
  ops::AdamW adamw;
  int epochs = 12;
  int batch = 32;
  std::uint64_t seed = 13;
  double dev_fraction = 0.1;
  int patience = 3;                             // epochs without a better dev micro-F1 before stopping
  std::string checkpoint_dir;                   // "" = none
  bool resume = false;                          // continue from checkpoint_dir's last epoch
  bool progress = true;                         // a progress line on a terminal
  std::map<std::string, std::string> metadata;  // written into the weights (command, benchmark, scheme)
};

struct EpochRecord {
  int epoch = 0;
  double train_loss = 0, dev_micro_f1 = 0, seconds = 0, samples_per_second = 0;
};

struct TrainingOutcome {
  ReaderWeights best;  // the weights of the best dev epoch, metadata filled in
  std::vector<EpochRecord> epochs;
  int best_epoch = 0;
  bool stopped_early = false;
  std::size_t train_samples = 0, dev_samples = 0;
  double seconds = 0;  // this run's training time (a resumed run: since it resumed)
};

// nullopt with the reason in `error`.
std::optional<TrainingOutcome> train_reader(const ReaderData& data, const std::vector<ReaderExample>& examples,
                                            ReaderEngine& engine, const TrainingPlan& plan, std::string& error);

// The plan's settings that a resumed run must share with the run it continues.
std::map<std::string, std::string> plan_signature(const TrainingPlan& plan, std::size_t samples);

}  // namespace caqa::reader
