#include "caqa/report.h"

#include "report_envelope.h"

namespace caqa {

namespace {

using Json = detail::ReportJson;
using detail::dump_report;

Json number(double v) { return detail::number_or_null(v); }

Json label_json(const LabelScores& s, const Interval* ci, double level) {
  Json j{{"precision", s.precision}, {"recall", s.recall}, {"f1", s.f1}};
  if (ci) j["f1_ci"] = detail::ci_json(*ci, level);
  j["support"] = s.support;
  j["predicted"] = s.predicted;
  return j;
}

Json diagnostics_json(const Diagnostics& diagnostics) {
  Json items = Json::array();
  for (const auto& d : diagnostics.items) {
    Json j{{"severity", d.severity == Severity::Error ? "error" : "warning"},
           {"code", std::string(error_code_name(d.code))},
           {"line", d.line},
           {"column", d.column},
           {"message", d.message}};
    if (!d.hint.empty()) j["hint"] = d.hint;
    items.push_back(std::move(j));
  }
  return items;
}

// One --group-by value: its counts, per-class scores and the measures, with CIs like the
// overall row's.
Json group_json(const GroupScore& g, const LabelScheme& scheme, double ci_level) {
  const Classification& c = g.classification;
  const BootstrapIntervals* ci = g.intervals ? &*g.intervals : nullptr;
  Json j{{"name", g.name}, {"n_gold", g.gold}, {"n_matched", g.matched}, {"n_scored", c.n}};
  Json per_label;
  for (int l = 0; l < scheme.size(); ++l)
    per_label[std::string(scheme.class_name(static_cast<ClassId>(l)))] =
        label_json(c.per_label[l], ci ? &ci->label_f1[l] : nullptr, ci_level);
  j["per_label"] = per_label;
  const auto all = measures();
  for (std::size_t m = 0; m < all.size(); ++m) {
    j[std::string(all[m].name)] = number(c.values[m]);
    if (ci && all[m].interval) j[std::string(all[m].name) + "_ci"] = detail::ci_json(ci->measures[m], ci_level);
  }
  return j;
}

Json score_json(const ScoreReport& r) {
  const Classification& c = r.classification;
  const BootstrapIntervals* ci = r.intervals ? &*r.intervals : nullptr;
  const double ci_level = r.options.bootstrap.level;
  Json j = detail::report_envelope("score", kScoreSchemaVersion, r.signature);
  j["prediction"] = r.sources.prediction_name;
  j["gold"] = r.sources.gold_name;
  j["gold_sha256"] = r.sources.gold_sha256;
  j["split"] = r.split;
  j["date"] = r.sources.date.empty() ? Json(nullptr) : Json(r.sources.date);
  if (!r.evaluator_json.empty())
    if (Json evaluator = Json::parse(r.evaluator_json, nullptr, false); evaluator.is_object())
      j["evaluator"] = std::move(evaluator);
  Json options{{"missing", r.options.ignore_missing ? "ignore" : "wrong"},
               {"duplicates", std::string(duplicate_policy_name(r.options.duplicates))},
               {"extract", std::string(extract_mode_name(r.options.extract))},
               {"mode", scheme_mode_name(*r.options.scheme)}};
  if (r.options.threshold) options["threshold"] = *r.options.threshold;
  options["bootstrap"] = Json{{"resamples", ci ? r.options.bootstrap.resamples : 0},
                              {"seed", r.options.bootstrap.seed},
                              {"level", r.options.bootstrap.level}};
  j["options"] = options;
  const ScoreCounts& n = r.counts;
  j["counts"] = Json{{"n_gold", n.gold},
                     {"n_prediction_lines", n.prediction_lines},
                     {"n_matched", n.matched},
                     {"n_missing", n.missing},
                     {"n_invalid_label", n.invalid_label},
                     {"n_unparseable", n.unparseable},
                     {"n_extra_lines", n.extra_lines},
                     {"n_duplicate_lines", n.duplicate_lines},
                     {"n_responses", n.responses},
                     {"n_responses_parsed", n.responses_parsed},
                     {"n_valid_score", n.scores}};
  j["n_scored"] = c.n;
  j["coverage"] = n.gold == 0 ? Json(nullptr) : Json(static_cast<double>(n.matched) / n.gold);
  j["parse_rate"] = n.responses == 0 ? Json(nullptr) : Json(static_cast<double>(n.responses_parsed) / n.responses);

  const LabelScheme& scheme = *r.options.scheme;
  Json per_label;
  Json absent = Json::array();
  for (int l = 0; l < scheme.size(); ++l) {
    std::string name(scheme.class_name(static_cast<ClassId>(l)));
    per_label[name] = label_json(c.per_label[l], ci ? &ci->label_f1[l] : nullptr, ci_level);
    if (c.per_label[l].support == 0) absent.push_back(name);
  }
  j["per_label"] = per_label;
  const auto all = measures();
  for (std::size_t m = 0; m < all.size(); ++m) {
    j[std::string(all[m].name)] = c.values[m];
    if (ci && all[m].interval) j[std::string(all[m].name) + "_ci"] = detail::ci_json(ci->measures[m], ci_level);
  }
  j["labels_absent_from_gold"] = absent;
  j["diagnostics"] =
      Json{{"macro_f1_over_gold_present_labels", c.macro_f1_present},
           {"micro_prf_over_4_labels_sentinel_excluded", Json{{"precision", c.micro_over_labels.precision},
                                                              {"recall", c.micro_over_labels.recall},
                                                              {"f1", c.micro_over_labels.f1}}}};
  // null, never zeros, when the benchmark has no complexity levels.
  Json levels = nullptr;
  if (r.has_complexity)
    for (Complexity level : r.levels) {
      int i = index_of(level);
      Json e{{"n", c.complexity_n[i]}, {"micro_f1", number(c.complexity_micro_f1[i])}};
      if (ci) e["micro_f1_ci"] = detail::ci_json(ci->complexity_micro_f1[i], ci_level);
      levels[std::string(complexity_name(level))] = e;
    }
  j["per_complexity"] = levels;
  if (!r.group_field.empty()) {
    Json groups = Json::array();
    for (const GroupScore& g : r.groups) groups.push_back(group_json(g, scheme, ci_level));
    j["per_group"] = Json{{"field", r.group_field}, {"groups", groups}};
  }
  Json labels = Json::array();
  for (auto name : scheme.classes) labels.push_back(std::string(name));
  Json columns = labels;
  columns.push_back("missing");
  columns.push_back("unparseable");
  Json rows = Json::array();
  for (const auto& row : r.confusion.overall()) rows.push_back(Json(row));
  j["confusion_matrix"] = Json{{"labels", labels}, {"columns", columns}, {"rows_gold_cols_pred", rows}};
  if (r.binary) {
    const BinaryClassification& b = *r.binary;
    j["binary_supportive_vs_rest"] = Json{
        {"precision", b.supportive.precision},           {"recall", b.supportive.recall}, {"f1", b.supportive.f1},
        {"rest", label_json(b.rest, nullptr, ci_level)}, {"micro_f1", b.micro_f1},        {"macro_f1", b.macro_f1}};
  }
  return j;
}

}  // namespace

std::string report_json(const ScoreReport& report) { return dump_report(score_json(report)); }

std::string reports_json(const std::vector<ScoreReport>& reports) {
  if (reports.size() == 1) return report_json(reports.front());
  Json all = Json::array();
  for (const auto& r : reports) all.push_back(score_json(r));
  return dump_report(all);
}

std::string validation_json(const ValidationSummary& s, const Validation& v) {
  Json j;
  j["report"] = "validate";
  j["caqa_version"] = kVersion;
  j["prediction"] = s.prediction_name;
  j["valid"] = v.valid();
  j["n_lines"] = s.lines;
  j["n_gold"] = s.gold;
  j["n_errors"] = v.diagnostics.error_count();
  j["n_warnings"] = v.diagnostics.warning_count();
  j["n_missing"] = v.missing;
  j["first_missing_ids"] = v.first_missing_ids;
  j["n_duplicate_lines"] = v.duplicate_lines;
  j["n_unknown_id_lines"] = v.unknown_id_lines;
  j["n_responses"] = s.responses;
  j["parse_rate"] = s.responses == 0 ? Json(nullptr) : Json(static_cast<double>(s.responses_parsed) / s.responses);
  j["diagnostics"] = diagnostics_json(v.diagnostics);
  return dump_report(j);
}

std::string compare_json(const CompareReport& r) {
  Json j;
  j["report"] = "compare";
  j["caqa_version"] = kVersion;
  j["signature"] = r.signature;
  j["a"] = r.name_a;
  j["b"] = r.name_b;
  j["gold_sha256"] = r.a.sources.gold_sha256;
  j["metric"] = r.metric.name(*r.a.options.scheme);
  j["n"] = r.result.n;
  j["value_a"] = r.result.value_a;
  j["value_b"] = r.result.value_b;
  j["difference"] = r.result.difference;
  // No resamples, no interval and no p-values: null, never a number that was not computed.
  const bool resampled = r.a.options.bootstrap.resamples > 0;
  j["difference_ci"] = resampled ? detail::ci_json(r.result.difference_ci, r.a.options.bootstrap.level) : Json(nullptr);
  j["p_paired_bootstrap"] = resampled ? Json(r.result.p_bootstrap) : Json(nullptr);
  j["p_approximate_randomization"] = resampled ? Json(r.result.p_randomization) : Json(nullptr);
  j["resamples"] = r.a.options.bootstrap.resamples;
  j["seed"] = r.a.options.bootstrap.seed;
  return dump_report(j);
}

}  // namespace caqa
