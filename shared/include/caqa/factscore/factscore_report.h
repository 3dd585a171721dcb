// The FActScore track (issue 41; CAQA section 6.3, Table 6): how many of an answer's
// sub-facts an evaluator finds supported, against how many are.
//  - a sample's FActScore: supported sub-facts / claimed sub-facts (Min et al. 2023); the
//    evaluator's is the mean of its judgments (true = 1, false = 0, or the probability of
//    True), or the bare "factscore" it gave;
//  - per population (all samples, the partially supportive ones: the paper's Table 6
//    figure, each complexity level, each label): the evaluator's mean FActScore, the gold
//    mean, the gap |evaluator - gold| (the paper's Hum-Gap, against our gold), the mean
//    absolute error per sample, Pearson and Spearman (average ranks) between predicted
//    and gold per-sample scores, and over the judged sub-facts the accuracy and the F1 of
//    True (a probability counts as True at 0.5 or above);
//  - a percentile bootstrap interval for each: the population's samples drawn with
//    replacement, every statistic recomputed on the same draw.
// A statistic with nothing to compute it from (no judged sub-fact, a constant side of a
// correlation) is NaN, written null: never a 0.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "caqa/factscore/sub_facts.h"
#include "caqa/metrics/bootstrap.h"

namespace caqa::factscore {

enum class Statistic { Predicted, Gold, Gap, Mae, Pearson, Spearman, Accuracy, F1True };
inline constexpr std::size_t kStatisticCount = 8;
// "factscore", "gold_factscore", "gap", "mae", "pearson", "spearman", "subfact_accuracy",
// "subfact_f1_true": JSON keys and CSV columns.
std::string_view statistic_key(Statistic s);

struct Estimate {
  double value;              // NaN when undefined
  std::array<double, 2> ci;  // NaN without a bootstrap, or where a replicate is undefined
};

struct Population {
  std::string name;  // "all", "partially_supportive", a complexity level or "label:<name>"
  std::string kind;  // "all", "table6", "complexity", "label"
  std::size_t samples = 0, judged_samples = 0, sub_facts = 0;
  std::array<Estimate, kStatisticCount> stats{};
};

struct FactScoreReport {
  std::string source;
  std::size_t gold_samples = 0;  // gold samples with sub-facts
  std::size_t scored = 0;        // of those, with a prediction
  std::size_t missing = 0;       // with none (scored only under ignore_missing)
  std::size_t bare = 0;          // scored from a bare "factscore" (no sub-fact statistics)
  BootstrapOptions bootstrap;
  std::vector<Population> populations;  // all, partially_supportive, the levels, the labels
};

FactScoreReport factscore_report(const GoldSet& gold, const SubFactGold& sub_facts,
                                 const SubFactPredictions& predictions, const BootstrapOptions& bootstrap,
                                 std::string source);

// One prediction file scored, as `caqa factscore` and the browser do it: the file's
// problems; why nothing was scored (a problem, samples without a prediction unless
// ignore_missing, none scored), else the report.
struct FactScoreRequest {
  BootstrapOptions bootstrap{};
  bool ignore_missing = false;
  std::size_t max_line_bytes = 0;
};
struct FactScoreOutcome {
  Diagnostics diagnostics;
  std::string refusal;  // empty when scored
  std::optional<FactScoreReport> report;
};
FactScoreOutcome score_sub_fact_file(const GoldSet& gold, const SubFactGold& sub_facts, const InputText& predictions,
                                     const FactScoreRequest& request, std::string source);

// The reports: versioned JSON (several files), a Markdown table, CSV (one row per file and
// population), and the terminal's table.
std::string factscore_json(const std::vector<FactScoreReport>& reports);
std::string factscore_markdown(const std::vector<FactScoreReport>& reports);
std::string factscore_csv(const std::vector<FactScoreReport>& reports);
std::string factscore_text(const std::vector<FactScoreReport>& reports);

}  // namespace caqa::factscore
