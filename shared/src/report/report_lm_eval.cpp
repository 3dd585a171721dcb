// `caqa score --lm-eval`: one file's scores in the shape of lm-evaluation-harness's
// results JSON (results / configs / versions / n-shot / higher-is-better / n-samples), so
// tools that read those files read caqa's. The task is "caqa"; each complexity level and
// each --group-by value is a task of its own ("caqa_single", "caqa_src_dataset_LFQA").
// lm-eval's "_stderr" keys say "N/A" (as lm-eval writes when it computed none): caqa
// computes percentile CIs, given beside them, not standard errors.
#include "caqa/complexity.h"
#include "caqa/report.h"
#include "report_envelope.h"

namespace caqa {

namespace {

using detail::number_or_null;
using detail::ReportJson;

ReportJson task_results(const std::string& alias, const Classification& c, const BootstrapIntervals* intervals,
                        double level) {
  ReportJson r;
  r["alias"] = alias;
  for (std::size_t m = 0; m < measures().size(); ++m) {
    const std::string name(measures()[m].name);
    r[name + ",none"] = number_or_null(c.values[m]);
    r[name + "_stderr,none"] = "N/A";
    if (intervals && measures()[m].interval) r[name + "_ci,none"] = detail::ci_json(intervals->measures[m], level);
  }
  return r;
}

}  // namespace

std::string lm_eval_json(const ScoreReport& r) {
  const double level = r.options.bootstrap.level;
  const BootstrapIntervals* ci = r.intervals ? &*r.intervals : nullptr;
  ReportJson results, configs, versions, n_shot, higher, n_samples;
  auto add_task = [&](const std::string& name, ReportJson task, std::uint64_t n) {
    results[name] = std::move(task);
    configs[name] = ReportJson{{"task", name},
                               {"dataset_path", r.sources.gold_name},
                               {"test_split", r.split},
                               {"output_type", "generate_until"},
                               {"metadata", {{"gold_sha256", r.sources.gold_sha256}, {"signature", r.signature}}}};
    versions[name] = 1;
    n_shot[name] = 0;
    ReportJson better;
    for (const Measure& m : measures()) better[std::string(m.name)] = true;
    higher[name] = better;
    n_samples[name] = ReportJson{{"original", n}, {"effective", n}};
  };
  ReportJson main = task_results("caqa", r.classification, ci, level);
  add_task("caqa", std::move(main), r.classification.n);
  if (r.has_complexity)
    for (Complexity c : r.levels) {
      const std::string name = "caqa_" + std::string(complexity_name(c));
      ReportJson task{{"alias", " - " + std::string(complexity_name(c))},
                      {"micro_f1,none", number_or_null(r.classification.complexity_micro_f1[index_of(c)])},
                      {"micro_f1_stderr,none", "N/A"}};
      if (ci) task["micro_f1_ci,none"] = detail::ci_json(ci->complexity_micro_f1[index_of(c)], level);
      add_task(name, std::move(task), r.classification.complexity_n[index_of(c)]);
    }
  for (const GroupScore& g : r.groups)
    add_task("caqa_" + r.group_field + "_" + g.name,
             task_results(" - " + g.name, g.classification, g.intervals ? &*g.intervals : nullptr, level),
             g.classification.n);
  n_samples["caqa"]["original"] = r.counts.gold;
  ReportJson config{{"model", r.sources.prediction_name},
                    {"caqa_version", kVersion},
                    {"date", r.sources.date.empty() ? ReportJson(nullptr) : ReportJson(r.sources.date)}};
  if (!r.evaluator_json.empty())
    if (ReportJson evaluator = ReportJson::parse(r.evaluator_json, nullptr, false); evaluator.is_object())
      config["model_args"] = std::move(evaluator);
  ReportJson out{{"results", results},         {"configs", configs},     {"versions", versions}, {"n-shot", n_shot},
                 {"higher_is_better", higher}, {"n-samples", n_samples}, {"config", config}};
  return detail::dump_report(out);
}

}  // namespace caqa
