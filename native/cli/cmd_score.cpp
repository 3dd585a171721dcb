// caqa score: the classification track, one row per prediction file (CAQA Table 5).
#include <filesystem>

#include <fmt/format.h>

#include "caqa/metrics/measure.h"
#include "caqa/report.h"
#include "command.h"
#include "files.h"
#include "inputs.h"
#include "report_date.h"
#include "scoring.h"

namespace caqa::cli {

namespace {

// The measure table (metrics/measure.h) is the help text's source.
std::string metrics_help() {
  std::string s =
      "Metrics (README \"Metrics\" has the exact definitions):\n"
      "  per class    precision = TP/(TP+FP), recall = TP/support, F1 = 2TP/(2TP+FP+FN); 0/0 = 0\n";
  for (const Measure& m : measures()) s += fmt::format("  {:<12} {}\n", m.name, m.definition);
  s += "  complexity   micro-F1 over the samples of each complexity level (\"not in this benchmark\" when\n"
       "               no gold line has \"complexity\")\n"
       "  --group-by   the summary row's measures and CIs for each value of a gold field\n"
       "  CI           percentile bootstrap over confusion cells (multinomial), seeded\n"
       "A missing prediction, an invalid label and an unparseable response are wrong answers,\n"
       "shown in the confusion matrix's missing and unparseable columns.";
  return s;
}

class ScoreCommand : public Command {
 public:
  explicit ScoreCommand(CLI::App& parent) {
    CLI::App* app = parent.add_subcommand("score", "Score prediction files against a benchmark split.");
    app->add_option("predictions", paths_, "Prediction files; several give one row each")
        ->required()
        ->type_name("PRED...");
    gold_.add_to(*app);
    predictions_.add_to(*app);
    scoring_.add_to(*app);
    app->add_option("--group-by", group_by_,
                    "Add a row per value of this gold field (a string on every line, e.g. src_dataset), with CIs")
        ->type_name("FIELD");
    auto* json = app->add_flag("--json", json_, "Print the versioned JSON report (an array for several files)");
    auto* markdown = app->add_flag("--markdown", markdown_, "Print Markdown tables")->excludes(json);
    app->add_flag("--csv", csv_,
                  "Print one CSV row per file (full precision: F1 per class, every measure and its CI bounds, "
                  "micro-F1 per complexity, signature)")
        ->excludes(json)
        ->excludes(markdown);
    app->add_flag("--lm-eval", lm_eval_,
                  "Print lm-evaluation-harness's results JSON for one file (task caqa, a task per complexity and "
                  "group; stderr \"N/A\", CIs as *_ci)")
        ->excludes(json)
        ->excludes(markdown);
    app->add_option("--threshold", threshold_,
                    "Two-class schemes (--binary): each line's label from its \"score\" (the first class's "
                    "probability, as caqa eval writes it): attributable at or above T, else not_attributable")
        ->type_name("T");
    app->add_option("-o,--output", output_, "Write the report to FILE (atomically) instead of standard output")
        ->type_name("FILE");
    app->footer(metrics_help());
  }

  int run() override {
    std::string error;
    const auto date = report_date(error);
    if (!date) {
      fmt::print(stderr, "caqa score: {}\n", error);
      return kExitUsage;
    }
    ScoreRequest request = score_request(gold_, predictions_, &scoring_);
    request.group_by = group_by_;
    request.threshold = threshold_;
    LoadedInputs inputs = load_inputs(gold_.path, paths_, request);
    if (!inputs.gold) return kExitUsage;
    if (threshold_ && request.scheme->size() != 2) {
      fmt::print(stderr,
                 "caqa score: --threshold reads a two-class label from the score: use --binary (scheme {} has "
                 "{} classes)\n",
                 request.scheme->name, request.scheme->size());
      return kExitUsage;
    }
    std::vector<ScoreReport> reports;
    bool all_scored = true;
    for (auto& loaded : inputs.predictions) {
      if (!loaded) return kExitUsage;
      ScoredFile scored = score_loaded(std::move(*loaded), *inputs.gold, request, predictions_.max_errors);
      if (scored.blocked()) {
        all_scored = false;
        continue;
      }
      reports.push_back(std::move(*scored.report));
      reports.back().evaluator_json = evaluator_meta(reports.back().sources.prediction_name);
      reports.back().sources.date = *date;
    }
    // The files that could be scored are reported; one that could not makes the exit code 1.
    if (reports.empty()) return kExitInvalid;
    if (lm_eval_ && reports.size() != 1) {
      fmt::print(stderr, "caqa score: --lm-eval writes one model's results: give one prediction file\n");
      return kExitUsage;
    }
    std::string text = json_       ? reports_json(reports) + "\n"
                       : markdown_ ? render_markdown(reports)
                       : csv_      ? render_csv(reports)
                       : lm_eval_  ? lm_eval_json(reports.front()) + "\n"
                                   : render_table(reports);
    if (!emit(output_, text)) return kExitUsage;
    return all_scored ? kExitOk : kExitInvalid;
  }

 private:
  // caqa eval writes OUT.meta.json beside OUT: the report names the evaluator from it.
  static std::string evaluator_meta(const std::string& prediction_path) {
    std::string error;
    const std::string meta = prediction_path + ".meta.json";
    if (prediction_path == "-" || !std::filesystem::is_regular_file(meta)) return {};
    auto bytes = read_file(meta, error);
    return bytes ? std::string(bytes->text().bytes()) : std::string();
  }

  std::vector<std::string> paths_;
  GoldFlags gold_;
  PredictionFlags predictions_;
  ScoringFlags scoring_;
  bool json_ = false, markdown_ = false, csv_ = false, lm_eval_ = false;
  std::string output_;
  std::string group_by_;
  std::optional<double> threshold_;
};

}  // namespace

std::unique_ptr<Command> add_score_command(CLI::App& app) { return std::make_unique<ScoreCommand>(app); }

}  // namespace caqa::cli
