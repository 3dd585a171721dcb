#include "caqa/leaderboard/entries.h"

#include <fmt/format.h>

#include "caqa/leaderboard/baselines.h"
#include "caqa/text.h"

namespace caqa::leaderboard {

namespace {

std::optional<ScoredFile> score_entry(const InputText& predictions, const std::string& name, const BoardBenchmark& b,
                                      std::vector<std::string>& problems) {
  ScoredFile s = score_submission(predictions, name, b);
  if (!s.blocked()) return s;
  for (const auto& d : s.blocking().items) problems.push_back(format_diagnostic(name, d));
  return std::nullopt;
}

}  // namespace

EntryCheck SubmissionChecker::check(const SubmissionFiles& files) {
  EntryCheck out;
  MetaCheck meta;
  if (files.meta) meta = check_submission_meta(*files.meta, files.folder, b_.version);
  if (!folded_slugs_.insert(ascii_lower(files.folder)).second)
    meta.problems.push_back(fmt::format("slug \"{}\" is not unique (differs from another only in case)", files.folder));
  for (const auto& p : meta.problems) out.problems.push_back(fmt::format("{}: {}", files.meta_path, p));
  std::optional<ScoredFile> scored;
  if (files.predictions) scored = score_entry(*files.predictions, files.predictions_path, b_, out.problems);
  if (!out.problems.empty() || !meta.meta || !scored) return out;
  const ScoreCounts& c = scored->report->counts;
  // A board row ranks an evaluator on the whole test split: a file that leaves samples out
  // (another split, a partial run) is refused, not ranked on what it happens to cover.
  if (c.missing > 0) {
    out.problems.push_back(fmt::format(
        "{}: predicts {} of the {} test samples ({:.1f}%); a submission predicts every sample (first missing: {})",
        files.predictions_path, c.matched, c.gold, 100.0 * static_cast<double>(c.matched) / static_cast<double>(c.gold),
        scored->validation.first_missing_ids.empty() ? std::string("-")
                                                     : scored->validation.first_missing_ids.front()));
    return out;
  }
  if (c.invalid_label || c.unparseable || c.extra_lines)
    out.note = fmt::format("{} invalid label(s), {} unparseable, {} unknown id(s); scored as wrong/ignored",
                           c.invalid_label, c.unparseable, c.extra_lines);
  out.entry = BoardEntry{std::move(*meta.meta), false, std::move(*scored), std::nullopt};
  return out;
}

std::vector<BoardEntry> baseline_entries(const BoardBenchmark& b, std::vector<std::string>& problems) {
  std::vector<BoardEntry> out;
  for (Baseline& baseline : computed_baselines(b.test, b.train))
    if (auto scored = score_entry(InputText(baseline.predictions), baseline.meta.slug, b, problems))
      out.push_back(BoardEntry{std::move(baseline.meta), true, std::move(*scored), std::nullopt});
  return out;
}

}  // namespace caqa::leaderboard
