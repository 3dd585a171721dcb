#include "caqa/hardening/aflite_report.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

namespace caqa::hardening {

namespace {

using Json = nlohmann::ordered_json;

std::size_t row_total(const std::array<std::size_t, kComplexityCount>& row) {
  std::size_t n = 0;
  for (std::size_t v : row) n += v;
  return n;
}

// The levels with input samples (the paper's four always).
std::vector<Complexity> levels_of(const AfliteResult& result) {
  std::array<std::size_t, kComplexityCount> per_level{};
  for (const auto& row : result.input)
    for (Complexity c : kComplexities) per_level[index_of(c)] += row[index_of(c)];
  return shown_levels(per_level);
}

}  // namespace

std::string aflite_markdown(const AfliteResult& result, const AfliteOptions& options) {
  const std::size_t n = result.keep.size();
  std::string out = "## Adversarial filtering\n\n";
  out += fmt::format(
      "Adversarial filtering (AFLite): removed {} of {} samples ({:.1f}%) in {} rounds; {} kept.\n"
      "Each round: {} random partitions, linear models (hashed n-grams of the full input, 2^{} buckets, {} "
      "epochs) trained on {:.0f}% of the kept samples; samples predicted correctly in at least {:.0f}% of their "
      "held-out appearances may go, at most {} per round, spread over label x complexity; at least {} kept.\n\n",
      result.removed_total(), n, n == 0 ? 0.0 : 100.0 * result.removed_total() / n, result.rounds.size(), result.kept(),
      options.partitions, options.dim_bits, options.epochs, 100 * options.train_share, 100 * options.tau,
      options.remove_per_round.of(n), options.min_size.of(n));
  out += "| Round | Remaining | Predictable | Removed | Mean predictability |\n| ---: | ---: | ---: | ---: | ---: |\n";
  for (std::size_t i = 0; i < result.rounds.size(); ++i) {
    const AfliteRound& r = result.rounds[i];
    out += fmt::format("| {} | {} | {} | {} | {:.3f} |\n", i + 1, r.remaining, r.qualifying, r.removed,
                       r.mean_predictability);
  }
  out += "\nRemoved / input per label and complexity:\n\n| Label |";
  const std::vector<Complexity> levels = levels_of(result);
  for (Complexity c : levels) out += fmt::format(" {} |", complexity_title(c));
  out += " Total |\n| --- |";
  for (std::size_t i = 0; i <= levels.size(); ++i) out += " ---: |";
  out += "\n";
  for (Label l : kLabels) {
    const int li = index_of(l);
    out += fmt::format("| {} |", label_name(l));
    for (Complexity c : levels)
      out += fmt::format(" {} / {} |", result.removed[li][index_of(c)], result.input[li][index_of(c)]);
    out += fmt::format(" {} / {} |\n", row_total(result.removed[li]), row_total(result.input[li]));
  }
  return out;
}

Json aflite_json(const AfliteResult& result, const AfliteOptions& options) {
  const std::size_t n = result.keep.size();
  Json rounds = Json::array();
  for (const AfliteRound& r : result.rounds)
    rounds.push_back({{"remaining", r.remaining},
                      {"qualifying", r.qualifying},
                      {"removed", r.removed},
                      {"mean_predictability", r.mean_predictability}});
  Json strata = Json::object();
  for (Label l : kLabels) {
    Json row = Json::object();
    for (Complexity c : levels_of(result))
      row[std::string(complexity_name(c))] = result.removed[index_of(l)][index_of(c)];
    strata[std::string(label_name(l))] = std::move(row);
  }
  return {{"input", n},
          {"kept", result.kept()},
          {"removed", result.removed_total()},
          {"options",
           {{"seed", options.seed},
            {"partitions", options.partitions},
            {"train_share", options.train_share},
            {"epochs", options.epochs},
            {"dim_bits", options.dim_bits},
            {"tau", options.tau},
            {"remove_per_round", options.remove_per_round.of(n)},
            {"min_size", options.min_size.of(n)},
            {"max_rounds", options.max_rounds}}},
          {"rounds", std::move(rounds)},
          {"removed_by_stratum", std::move(strata)}};
}

}  // namespace caqa::hardening
