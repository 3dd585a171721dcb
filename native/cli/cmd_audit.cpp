// caqa audit: is the benchmark solvable without looking at what matters? Trains the
// trained baseline on partial inputs (citation only, question + answer only, answer
// only) and shows their scores next to the full-input model, the lexical baseline and
// the majority class. A partial-input model far above the majority class means the
// labels leak through that input alone (an annotation artifact), not attribution.
#include <fmt/format.h>

#include "baseline/cli_support.h"
#include "caqa/baseline/evaluate.h"
#include "caqa/baseline/lexical.h"
#include "command.h"

namespace caqa::cli {

namespace {

using namespace caqa::baseline;

class AuditCommand : public Command {
 public:
  explicit AuditCommand(CLI::App& parent) {
    CLI::App* app = parent.add_subcommand("audit", "Partial-input baselines: does a label leak without the evidence?");
    app->add_option("--train", train_, "Training samples (train.jsonl)")->required()->type_name("FILE");
    app->add_option("--test", test_, "Test samples (test.jsonl)")->required()->type_name("FILE");
    app->add_option("--margin", margin_, "Warn when a partial-input micro-F1 exceeds majority + MARGIN")
        ->capture_default_str();
    flags_.add_to(*app);
    app->footer(
        "Rows: majority (the most frequent train label, always), lexical (BM25 thresholds), the trained\n"
        "baseline on full inputs, and on citation only / question+answer only / answer only.\n"
        "Columns as in `caqa score`: micro-F1 (= accuracy), per-label F1, micro-F1 per complexity.");
  }

  int run() override {
    auto bits = flags_.dim_bits();
    if (!bits) return kExitUsage;
    auto train = load_dataset("audit", train_);
    if (!train) return kExitUsage;
    auto test = load_dataset("audit", test_);
    if (!test) return kExitUsage;
    if (!train->has_labels || !test->has_labels || train->size() == 0 || test->size() == 0) {
      fmt::print(stderr, "error: audit needs non-empty labelled --train and --test files\n");
      return kExitUsage;
    }
    auto backend = open_backend("audit", flags_.backend);
    if (!backend) return kExitUsage;
    std::vector<ScoreRow> rows;
    const Label majority = majority_label(train->labels);
    rows.push_back({fmt::format("majority ({})", label_name(majority)),
                    classify_predictions(test->labels, test->complexity, std::vector<Label>(test->size(), majority))});
    const LexicalModel lexical = fit_lexical(train->all_fields(), train->labels);
    std::vector<Label> lexical_labels;
    for (std::size_t i = 0; i < test->size(); ++i)
      lexical_labels.push_back(lexical_label(lexical, lexical_score(lexical, test->fields(i))));
    rows.push_back({"lexical (BM25 thresholds)", classify_predictions(test->labels, test->complexity, lexical_labels)});
    const double floor = rows[0].scores.value("micro_f1");
    std::vector<std::string> warnings;
    for (InputView view :
         {InputView::Full, InputView::CitationOnly, InputView::QuestionAnswer, InputView::AnswerOnly}) {
      std::string error;
      auto trained = train_logreg(*train, FeatureConfig{*bits, view}, flags_.options(), *backend, error);
      std::optional<PredictResult> predicted;
      if (trained) predicted = predict_logreg(*test, trained->model, *backend, error);
      if (!predicted) {
        fmt::print(stderr, "error: {}\n", error);
        return kExitUsage;
      }
      const std::string name =
          view == InputView::Full ? "trained: full input" : fmt::format("trained: {} only", view_name(view));
      rows.push_back({name, classify_predictions(test->labels, test->complexity, predicted->labels)});
      const double f1 = rows.back().scores.value("micro_f1");
      if (view != InputView::Full && f1 > floor + margin_)
        warnings.push_back(fmt::format(
            "warning: {} reaches micro-F1 {:.3f}, {:.3f} above the majority class ({:.3f}): labels are predictable "
            "without the full (question, answer, citation) triple, so scores on this benchmark partly measure "
            "that artifact",
            name, f1, f1 - floor, floor));
    }
    fmt::print("caqa audit: train {} ({} samples), test {} ({} samples), seed {}, {} epochs\n\n", train_, train->size(),
               test_, test->size(), flags_.seed, flags_.epochs);
    fmt::print("{}", render_score_rows(rows, "evaluator"));
    if (!warnings.empty()) fmt::print("\n");
    for (const auto& w : warnings) fmt::print("{}\n", w);
    if (warnings.empty())
      fmt::print("\nno partial-input model exceeds the majority class by more than {:.2f}\n", margin_);
    return kExitOk;
  }

 private:
  std::string train_, test_;
  double margin_ = 0.15;
  TrainFlags flags_;
};

}  // namespace

std::unique_ptr<Command> add_audit_command(CLI::App& app) { return std::make_unique<AuditCommand>(app); }

}  // namespace caqa::cli
