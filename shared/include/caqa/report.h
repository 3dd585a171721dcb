// Renders score reports: the versioned JSON document that every front end emits
// byte for byte, a terminal table and Markdown (one row per prediction file, in
// the layout of the CAQA paper's Table 5).
#pragma once

#include <string>
#include <vector>

#include "caqa/errors.h"
#include "caqa/metrics/paired.h"
#include "caqa/score.h"
#include "caqa/validate.h"

namespace caqa {

std::string report_json(const ScoreReport& report);
std::string reports_json(const std::vector<ScoreReport>& reports);  // one report, or an array of several
std::string render_table(const std::vector<ScoreReport>& reports);
std::string render_markdown(const std::vector<ScoreReport>& reports);
// One row per file, full precision: prediction, n, coverage, F1 per class, every measure
// (with its CI bounds where it has one), micro-F1 per complexity level, signature.
std::string render_csv(const std::vector<ScoreReport>& reports);
// One file's scores as lm-evaluation-harness's results JSON (task "caqa", one task per
// complexity level and per group; "_stderr" keys "N/A", caqa's CIs as "_ci").
std::string lm_eval_json(const ScoreReport& report);

struct ValidationSummary {
  std::string prediction_name;
  std::size_t lines = 0;
  std::size_t gold = 0;
  std::size_t responses = 0, responses_parsed = 0;
};
std::string validation_json(const ValidationSummary& summary, const Validation& validation);

struct CompareReport {
  std::string name_a, name_b;
  ScoreReport a, b;
  CompareMetric metric;
  PairedResult result;
  std::string signature;
};
std::string compare_json(const CompareReport& report);
std::string render_compare(const CompareReport& report);

// Prints NaN (undefined) as a dash, like fastText's "--------".
std::string format_metric(double value);

// "95% CI", "90% CI": the title of an interval at this confidence level.
std::string ci_title(double level);

}  // namespace caqa
