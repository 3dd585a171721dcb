// caqa compare: is evaluator A better than evaluator B on the same gold, or is it noise?
#include <fmt/format.h>

#include "caqa/metrics/paired.h"
#include "caqa/report.h"
#include "command.h"
#include "inputs.h"
#include "scoring.h"

namespace caqa::cli {

namespace {

class CompareCommand : public Command {
 public:
  explicit CompareCommand(CLI::App& parent) {
    CLI::App* app = parent.add_subcommand(
        "compare",
        "Paired significance test of A - B on the same gold samples: a paired bootstrap (CI and p-value)\n"
        "and an approximate randomization test (A and B swapped per sample).");
    app->add_option("a", path_a_, "Prediction file of evaluator A")->required()->type_name("A");
    app->add_option("b", path_b_, "Prediction file of evaluator B")->required()->type_name("B");
    gold_.add_to(*app);
    predictions_.add_to(*app);
    scoring_.add_to(*app);
    app->add_option("--metric", metric_, compare_metric_names() + " (a class of --scheme)")->capture_default_str();
    app->add_flag("--json", json_, "Print the comparison as JSON");
  }

  int run() override {
    ScoreRequest request = score_request(gold_, predictions_, &scoring_);
    auto metric = parse_compare_metric(metric_, *request.scheme);
    if (!metric) {
      fmt::print(stderr, "caqa: --metric {}: expected {} with a class of --scheme {}\n", metric_,
                 compare_metric_names(), request.scheme->name);
      return kExitUsage;
    }
    LoadedInputs inputs = load_inputs(gold_.path, {path_a_, path_b_}, request);
    if (!inputs.gold || !inputs.predictions[0] || !inputs.predictions[1]) return kExitUsage;
    const GoldSet& gold = inputs.gold->gold;
    ScoredFile a = score_loaded(std::move(*inputs.predictions[0]), *inputs.gold, request, predictions_.max_errors);
    ScoredFile b = score_loaded(std::move(*inputs.predictions[1]), *inputs.gold, request, predictions_.max_errors);
    if (a.blocked() || b.blocked()) return kExitInvalid;
    CompareReport report{
        a.report->sources.prediction_name, b.report->sources.prediction_name, *a.report, *b.report, *metric, {}, {}};
    report.result = compare_paired(paired_counts(gold, a, b, request.ignore_missing), report.metric, request.bootstrap);
    report.signature = compare_signature(report.metric, *a.report);
    return emit("", json_ ? compare_json(report) + "\n" : render_compare(report)) ? kExitOk : kExitUsage;
  }

 private:
  std::string path_a_, path_b_, metric_ = "micro_f1";
  GoldFlags gold_;
  PredictionFlags predictions_;
  ScoringFlags scoring_;
  bool json_ = false;
};

}  // namespace

std::unique_ptr<Command> add_compare_command(CLI::App& app) { return std::make_unique<CompareCommand>(app); }

}  // namespace caqa::cli
