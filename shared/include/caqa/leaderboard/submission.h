// A leaderboard submission's meta.json (leaderboard/submissions/<slug>/meta.json),
// checked against schema/leaderboard_meta.schema.json itself (embedded at build time),
// plus the rules a schema cannot say about one file: slug = folder name,
// benchmark_version = this benchmark's version (uniqueness: entries.h).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace caqa::leaderboard {

// What the board shows about an entry. Computed baselines fill it too (setting
// "baseline", no date), so one type describes every row.
struct SubmissionMeta {
  std::string slug, evaluator, setting, organisation, benchmark_version;
  std::optional<std::string> model, size, paper, code, date, description;
};

struct MetaCheck {
  std::optional<SubmissionMeta> meta;  // set when problems is empty
  std::vector<std::string> problems;   // e.g. "\"slug\": \"x\" must equal the folder name \"y\""
};

// bytes: the meta.json file; folder: the submission's folder name.
MetaCheck check_submission_meta(std::string_view bytes, std::string_view folder, std::string_view benchmark_version);

// The text of schema/leaderboard_meta.schema.json as built into this binary.
std::string_view leaderboard_meta_schema();

}  // namespace caqa::leaderboard
