#include "caqa/leaderboard/entries.h"

#include <fmt/format.h>

#include "caqa/leaderboard/baselines.h"

namespace caqa::leaderboard {

namespace {

std::optional<SubmissionScore> score_entry(const InputText& predictions, const std::string& name, const BoardBenchmark& b,
                                           std::vector<std::string>& problems) {
  SubmissionScoring s = score_submission(predictions, name, b);
  if (!s.scored)
    for (const auto& d : s.diagnostics.items)
      if (d.severity == Severity::Error) problems.push_back(format_diagnostic(name, d));
  return std::move(s.scored);
}

}  // namespace

EntryCheck check_submission(const SubmissionFiles& files, const BoardBenchmark& b) {
  EntryCheck out;
  MetaCheck meta;
  if (files.meta) meta = check_submission_meta(*files.meta, files.folder, b.version);
  for (const auto& p : meta.problems) out.problems.push_back(fmt::format("{}: {}", files.meta_path, p));
  std::optional<SubmissionScore> scored;
  if (files.predictions) scored = score_entry(*files.predictions, files.predictions_path, b, out.problems);
  if (out.problems.empty() && meta.meta && scored) out.entry = BoardEntry{std::move(*meta.meta), false, std::move(*scored)};
  return out;
}

EntryCheck score_baseline(const Baseline& baseline, const BoardBenchmark& b) {
  EntryCheck out;
  auto scored = score_entry(InputText(baseline.predictions), baseline.meta.slug, b, out.problems);
  if (scored) out.entry = BoardEntry{baseline.meta, true, std::move(*scored)};
  return out;
}

}  // namespace caqa::leaderboard
