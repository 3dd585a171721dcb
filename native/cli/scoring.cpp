#include "scoring.h"

#include <future>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "files.h"

namespace caqa::cli {

void ScoringFlags::add_to(CLI::App& app, std::uint32_t default_resamples) {
  resamples = default_resamples;
  app.add_flag("--ignore-missing", ignore_missing,
               "Score only gold samples that have a prediction (default: a missing prediction counts as wrong)");
  app.add_option("--dup", duplicates, "Repeated ids: error, or keep the first or last line")
      ->check(CLI::IsMember({"error", "first", "last"}))
      ->capture_default_str();
  app.add_option("--bootstrap", resamples, "Bootstrap resamples for the confidence intervals (0 = none)")
      ->capture_default_str();
  app.add_option("--seed", seed, "Seed of the bootstrap")->capture_default_str();
  app.add_option("--level", level, "Confidence level of the intervals")
      ->check(CLI::Range(0.5, 0.999))
      ->capture_default_str();
}

ScoreOptions ScoringFlags::options(const PredictionFlags& predictions) const {
  ScoreOptions o;
  o.duplicates = *parse_duplicate_policy(duplicates);
  o.ignore_missing = ignore_missing;
  o.extract = *parse_extract_mode(predictions.extract);
  o.binary = predictions.binary;
  o.bootstrap = {resamples, seed, level};
  return o;
}

LoadedInputs load_inputs(const GoldFlags& gold, const std::vector<std::string>& paths, const PredictionFlags& flags) {
  LoadedInputs inputs;
  std::string error;
  auto text = read_file(gold.path, error);
  if (!text) {
    fmt::print(stderr, "caqa: {}\n", error);
    return inputs;
  }
  auto gold_future =
      std::async(std::launch::async, [&] { return parse_gold_text(gold, text->text(), flags.max_line_bytes); });
  for (const auto& path : paths) inputs.predictions.push_back(load_predictions(path, flags));
  std::string sha256 = sha256_hex(text->bytes());  // on this thread: it balances the gold parse
  inputs.gold = gold_future.get();
  if (inputs.gold) inputs.gold->sha256 = sha256;
  return inputs;
}

std::optional<ScoredFile> score_loaded(LoadedPredictions loaded_predictions, const LoadedGold& gold,
                                       const PredictionFlags& flags, const ScoreOptions& options, bool print_notes) {
  auto* loaded = &loaded_predictions;
  // Id lookups are cache-miss bound: half of them on a second thread.
  const PredictionSet& set = loaded->set;
  std::vector<std::uint32_t> gold_of_row(set.rows.size());
  std::size_t half = set.rows.size() / 2;
  auto first_half = std::async(std::launch::async, [&] { match_ids(set, gold.gold, 0, half, gold_of_row.data()); });
  match_ids(set, gold.gold, half, set.rows.size(), gold_of_row.data() + half);
  first_half.get();
  Validation v = validate(set, gold.gold, options.duplicates, std::move(gold_of_row));
  if (blocks_scoring(v.diagnostics, options.duplicates)) {
    Diagnostics blocking;
    for (const auto& d : v.diagnostics.items)
      if (d.severity == Severity::Error && blocks_scoring(d.code, options.duplicates)) blocking.items.push_back(d);
    print_diagnostics(stderr, loaded->name, blocking, flags.max_errors);
    fmt::print(stderr, "caqa: {} was not scored: {} problem(s) above; `caqa validate` lists them all\n", loaded->name,
               blocking.items.size());
    return std::nullopt;
  }
  ScoreSources sources{loaded->name, gold.name, gold.sha256};
  ScoreReport report = score(loaded->set, gold.gold, v, options, sources);
  const ScoreCounts& c = report.counts;
  std::vector<std::string> notes;
  if (c.missing) notes.push_back(fmt::format("{} missing prediction(s) {}", c.missing,
                                             options.ignore_missing ? "left out (--ignore-missing)" : "scored as wrong"));
  if (c.invalid_label) notes.push_back(fmt::format("{} invalid label(s) scored as wrong", c.invalid_label));
  if (c.unparseable) notes.push_back(fmt::format("{} unparseable response(s) scored as wrong", c.unparseable));
  if (c.extra_lines) notes.push_back(fmt::format("{} line(s) with ids not in gold ignored", c.extra_lines));
  if (c.duplicate_lines)
    notes.push_back(fmt::format("{} repeated id line(s), --dup {}", c.duplicate_lines, duplicate_policy_name(options.duplicates)));
  if (print_notes && !notes.empty()) fmt::print(stderr, "note: {}: {}\n", loaded->name, fmt::join(notes, "; "));
  return ScoredFile{std::move(*loaded), std::move(v), std::move(report)};
}

}  // namespace caqa::cli
