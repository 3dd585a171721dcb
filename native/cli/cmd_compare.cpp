// caqa compare: is evaluator A better than evaluator B on the same gold, or is it noise?
#include <fmt/format.h>

#include "caqa/metrics/paired.h"
#include "caqa/report.h"
#include "command.h"
#include "inputs.h"
#include "scoring.h"

namespace caqa::cli {

namespace {

int outcome_of(const ScoredFile& f, std::uint32_t gold_index) {
  std::uint32_t r = f.validation.row_of_gold[gold_index];
  if (r == IdIndex::kAbsent) return kMissingColumn;
  const PredictionRow& row = f.predictions.set.rows[r];
  return row.kind == PredictedKind::Label ? index_of(row.label) : kUnparseableColumn;
}

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
    predictions_.add_to(*app, false);
    scoring_.add_to(*app, 1000);
    app->add_option("--metric", metric_, "micro_f1, macro_f1, weighted_f1 or f1:<label>")
        ->check([](const std::string& s) { return parse_compare_metric(s) ? std::string() : "unknown metric " + s; })
        ->capture_default_str();
    app->add_flag("--json", json_, "Print the comparison as JSON");
  }

  int run() override {
    LoadedInputs inputs = load_inputs(gold_, {path_a_, path_b_}, predictions_);
    if (!inputs.gold || !inputs.predictions[0] || !inputs.predictions[1]) return kExitUsage;
    const auto& gold = inputs.gold;
    ScoreOptions options = scoring_.options(predictions_);
    auto a = score_loaded(std::move(*inputs.predictions[0]), *gold, predictions_, options);
    auto b = score_loaded(std::move(*inputs.predictions[1]), *gold, predictions_, options);
    if (!a || !b) return kExitInvalid;
    PairedCounts counts;
    for (std::uint32_t g = 0; g < gold->gold.size(); ++g) {
      int oa = outcome_of(*a, g), ob = outcome_of(*b, g);
      // --ignore-missing keeps the samples that both evaluators predicted.
      if (options.ignore_missing && (oa == kMissingColumn || ob == kMissingColumn)) continue;
      counts.joint[index_of(gold->gold.label(g))][oa][ob] += 1;
    }
    CompareReport report{a->predictions.name, b->predictions.name, a->report, b->report,
                         *parse_compare_metric(metric_), {}, {}};
    report.result = compare_paired(counts, report.metric, options.bootstrap);
    report.signature = fmt::format("caqa-compare:1|metric:{}|{}", report.metric.name(), a->report.signature);
    fmt::print("{}", json_ ? compare_json(report) + "\n" : render_compare(report));
    return kExitOk;
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
