// caqa score: the classification track, one row per prediction file (CAQA Table 5).
#include <fmt/format.h>

#include "caqa/report.h"
#include "command.h"
#include "inputs.h"
#include "scoring.h"

namespace caqa::cli {

namespace {

constexpr const char* kMetricsHelp =
    "Metrics (README \"Metrics\" has the exact definitions):\n"
    "  per label   precision = TP/(TP+FP), recall = TP/support, F1 = 2TP/(2TP+FP+FN); 0/0 = 0\n"
    "  micro-F1    pooled over all outcomes, missing/unparseable included: equals accuracy\n"
    "  macro-F1    mean of the four label F1s (a label absent from gold counts with F1 0)\n"
    "  weighted-F1 label F1s weighted by gold support\n"
    "  complexity  micro-F1 over the samples of each complexity level\n"
    "  95% CI      percentile bootstrap over confusion cells (multinomial), seeded\n"
    "A missing prediction, an invalid label and an unparseable response are wrong answers,\n"
    "shown in the confusion matrix's missing and unparseable columns.";

class ScoreCommand : public Command {
 public:
  explicit ScoreCommand(CLI::App& parent) {
    CLI::App* app = parent.add_subcommand("score", "Score prediction files against a benchmark split.");
    app->add_option("predictions", paths_, "Prediction files; several give one row each")
        ->required()
        ->type_name("PRED...");
    gold_.add_to(*app);
    predictions_.add_to(*app);
    scoring_.add_to(*app, 1000);
    auto* json = app->add_flag("--json", json_, "Print the versioned JSON report (an array for several files)");
    app->add_flag("--markdown", markdown_, "Print Markdown tables")->excludes(json);
    app->add_option("-o,--output", output_, "Write the report to FILE (atomically) instead of standard output")
        ->type_name("FILE");
    app->footer(kMetricsHelp);
  }

  int run() override {
    LoadedInputs inputs = load_inputs(gold_, paths_, predictions_);
    if (!inputs.gold) return kExitUsage;
    ScoreOptions options = scoring_.options(predictions_);
    std::vector<ScoreReport> reports;
    bool all_scored = true;
    for (auto& loaded : inputs.predictions) {
      if (!loaded) return kExitUsage;
      auto scored = score_loaded(std::move(*loaded), *inputs.gold, predictions_, options);
      if (!scored) {
        all_scored = false;
        continue;
      }
      reports.push_back(std::move(scored->report));
    }
    if (!all_scored) return kExitInvalid;
    std::string text = json_ ? reports_json(reports) + "\n" : markdown_ ? render_markdown(reports) : render_table(reports);
    return emit(output_, text) ? kExitOk : kExitUsage;
  }

 private:
  std::vector<std::string> paths_;
  GoldFlags gold_;
  PredictionFlags predictions_;
  ScoringFlags scoring_;
  bool json_ = false, markdown_ = false;
  std::string output_;
};

}  // namespace

std::unique_ptr<Command> add_score_command(CLI::App& app) { return std::make_unique<ScoreCommand>(app); }

}  // namespace caqa::cli
