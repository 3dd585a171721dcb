// The board's rows from their inputs: a submission's meta.json and predictions (as
// bytes; the front end reads the files) checked and scored, and the computed baselines
// scored the same way. Problems come back as lines a user can act on, each starting
// with the file it is about.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "caqa/input_text.h"
#include "caqa/leaderboard/baselines.h"
#include "caqa/leaderboard/board.h"

namespace caqa::leaderboard {

struct SubmissionFiles {
  std::string folder;            // the folder's name, which must be the slug
  std::string meta_path;         // as shown in problems
  std::optional<std::string_view> meta;  // meta.json bytes; nullopt: unreadable (the caller says why)
  std::string predictions_path;          // as shown in problems and in the report
  const InputText* predictions = nullptr;  // null: unreadable (the caller says why)
};

struct EntryCheck {
  std::optional<BoardEntry> entry;    // set when problems is empty
  std::vector<std::string> problems;  // "path: what" or "file:line:col: error[code]: ..."
};

EntryCheck check_submission(const SubmissionFiles& files, const BoardBenchmark& b);

// The computed baselines (baselines.h), scored; problems would mean unusable gold.
EntryCheck score_baseline(const Baseline& baseline, const BoardBenchmark& b);

}  // namespace caqa::leaderboard
