// The board's rows from their inputs: a submission's meta.json and predictions (as
// bytes; the front end reads the files) checked and scored, and the computed baselines
// scored the same way. Problems come back as lines a user can act on, each starting
// with the file it is about.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "caqa/input_text.h"
#include "caqa/leaderboard/board.h"

namespace caqa::leaderboard {

struct SubmissionFiles {
  std::string folder;                      // the folder's name, which must be the slug
  std::string meta_path;                   // as shown in problems
  std::optional<std::string_view> meta;    // meta.json bytes; nullopt: unreadable (the caller says why)
  std::string predictions_path;            // as shown in problems and in the report
  const InputText* predictions = nullptr;  // null: unreadable (the caller says why)
};

struct EntryCheck {
  std::optional<BoardEntry> entry;    // set when problems is empty
  std::vector<std::string> problems;  // "path: what" or "file:line:col: error[code]: ..."
  std::string note;                   // what was scored as wrong or ignored, e.g. "2 missing, ...", "" when nothing
};

// Checks and scores submissions one after another, remembering their slugs: a slug
// equal to an earlier one ignoring case is a problem.
class SubmissionChecker {
 public:
  explicit SubmissionChecker(const BoardBenchmark& b) : b_(b) {}
  EntryCheck check(const SubmissionFiles& files);

 private:
  const BoardBenchmark& b_;
  std::set<std::string> folded_slugs_;
};

// The computed baselines (baselines.h), scored; problems would mean unusable gold.
std::vector<BoardEntry> baseline_entries(const BoardBenchmark& b, std::vector<std::string>& problems);

}  // namespace caqa::leaderboard
