#include "scoring.h"

#include <future>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "files.h"

namespace caqa::cli {

void add_bootstrap_flags(CLI::App& app, std::uint32_t& resamples, std::uint64_t& seed) {
  app.add_option("--bootstrap", resamples,
                 fmt::format("Bootstrap resamples for the confidence intervals (0 = none, at most {})", kMaxResamples))
      ->check(CLI::Range(std::uint32_t{0}, kMaxResamples))
      ->capture_default_str();
  // CLI11 reads "-1" into an unsigned seed as 18446744073709551615: refuse it instead.
  app.add_option("--seed", seed, "Seed of the bootstrap (a non-negative integer)")
      ->check([](const std::string& s) { return s.starts_with("-") ? "the seed is a non-negative integer" : ""; })
      ->capture_default_str();
}

void ScoringFlags::add_to(CLI::App& app) {
  app.add_flag("--ignore-missing", ignore_missing,
               "Score only gold samples that have a prediction (default: a missing prediction counts as wrong)");
  app.add_option("--dup", duplicates, "Repeated ids: error, or keep the first or last line")
      ->check(CLI::IsMember({"error", "first", "last"}))
      ->capture_default_str();
  add_bootstrap_flags(app, resamples, seed);
  app.add_option("--level", level, "Confidence level of the intervals")
      ->check(CLI::Range(0.5, 0.999))
      ->capture_default_str();
}

void ScoringFlags::apply_to(ScoreRequest& request) const {
  request.duplicates = *parse_duplicate_policy(duplicates);
  request.ignore_missing = ignore_missing;
  request.bootstrap = {resamples, seed, level};
}

ScoreRequest score_request(const GoldFlags& gold, const PredictionFlags& predictions, const ScoringFlags* scoring) {
  ScoreRequest request;
  if (!gold.split.empty()) request.split = gold.split;
  predictions.apply_to(request);
  if (scoring) scoring->apply_to(request);
  return request;
}

LoadedInputs load_inputs(const std::string& gold_path, const std::vector<std::string>& paths, ScoreRequest& request,
                         GoldHash hash) {
  LoadedInputs inputs;
  std::string error;
  auto text = read_file(gold_path, error);
  if (!text) {
    fmt::print(stderr, "caqa: {}\n", error);
    return inputs;
  }
  request.adopt_gold_scheme(text->text());  // predictions are read through the gold's scheme
  auto gold_future =
      std::async(std::launch::async, [&] { return parse_gold_text(gold_path, text->text(), request.gold_options()); });
  for (const auto& path : paths) inputs.predictions.push_back(load_predictions(path, request.prediction_options()));
  std::string sha256 = hash == GoldHash::Compute ? sha256_hex(text->bytes()) : std::string();
  inputs.gold = gold_future.get();
  if (inputs.gold) inputs.gold->sha256 = sha256;
  return inputs;
}

ScoredFile score_joined(LoadedPredictions loaded, const LoadedGold& gold, const ScoreRequest& request) {
  // Id lookups are cache-miss bound: half of them on a second thread.
  const PredictionSet& set = loaded.set;
  std::vector<std::uint32_t> gold_of_row(set.rows.size());
  std::size_t half = set.rows.size() / 2;
  auto first_half = std::async(std::launch::async, [&] { match_ids(set, gold.gold, 0, half, gold_of_row.data()); });
  match_ids(set, gold.gold, half, set.rows.size(), gold_of_row.data() + half);
  first_half.get();
  return score_read(gold.gold, std::move(loaded.set), request, {loaded.name, gold.name, gold.sha256},
                    std::move(gold_of_row));
}

ScoredFile score_loaded(LoadedPredictions loaded, const LoadedGold& gold, const ScoreRequest& request,
                        std::size_t max_errors, bool print_notes) {
  std::string name = loaded.name;
  ScoredFile f = score_joined(std::move(loaded), gold, request);
  if (f.blocked()) {
    Diagnostics blocking = f.blocking();
    print_diagnostics(stderr, name, blocking, max_errors);
    fmt::print(stderr, "caqa: {} was not scored: {} problem(s) above; `caqa validate` lists them all\n", name,
               blocking.items.size());
    return f;
  }
  const ScoreCounts& c = f.report->counts;
  std::vector<std::string> notes;
  if (c.missing)
    notes.push_back(fmt::format("{} missing prediction(s) {}", c.missing,
                                request.ignore_missing ? "left out (--ignore-missing)" : "scored as wrong"));
  if (c.invalid_label) notes.push_back(fmt::format("{} invalid label(s) scored as wrong", c.invalid_label));
  if (c.unparseable) notes.push_back(fmt::format("{} unparseable response(s) scored as wrong", c.unparseable));
  if (c.extra_lines) notes.push_back(fmt::format("{} line(s) with ids not in gold ignored", c.extra_lines));
  if (c.duplicate_lines)
    notes.push_back(
        fmt::format("{} repeated id line(s), --dup {}", c.duplicate_lines, duplicate_policy_name(request.duplicates)));
  if (print_notes && !notes.empty()) fmt::print(stderr, "note: {}: {}\n", name, fmt::join(notes, "; "));
  return f;
}

}  // namespace caqa::cli
