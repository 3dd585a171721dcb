// caqa train: the trained baseline (hashed n-gram + pair features, multinomial
// logistic regression by minibatch Adam; docs/baselines.md), written to a model file
// that `caqa predict --evaluator trained --model FILE` reads.
#include <fmt/format.h>

#include "baseline/cli_support.h"
#include "caqa/baseline/evaluate.h"
#include "command.h"
#include "files.h"

namespace caqa::cli {

namespace {

using namespace caqa::baseline;

class TrainCommand : public Command {
 public:
  explicit TrainCommand(CLI::App& parent) {
    CLI::App* app = parent.add_subcommand("train", "Train the logistic-regression baseline on a benchmark split.");
    app->add_option("--train", train_, "Training samples (train.jsonl of `caqa build`)")->required()->type_name("FILE");
    app->add_option("-o,--output", output_, "Model file to write")->required()->type_name("MODEL");
    app->add_option("--view", view_, "Inputs the model sees: full, citation, question+answer, answer")
        ->capture_default_str()
        ->check(CLI::IsMember({"full", "citation", "question+answer", "answer"}));
    flags_.add_to(*app);
    app->footer(
        "Features: hashed word 1-2-grams and in-word character 3-grams of question+answer and of the\n"
        "citation, plus overlap of entity-like tokens (answer claim vs. citation) and relation words.\n"
        "Training is deterministic for a seed on the CPU backend.");
  }

  int run() override {
    auto bits = flags_.dim_bits();
    if (!bits) return kExitUsage;
    auto data = load_dataset("train", train_);
    if (!data) return kExitUsage;
    if (!data->has_labels || data->size() == 0) {
      fmt::print(stderr, "error: {}: every training sample needs a \"label\"\n", train_);
      return kExitUsage;
    }
    auto backend = open_backend("train", flags_.backend);
    if (!backend) return kExitUsage;
    std::string error;
    FeatureConfig config{*bits, *parse_view(view_)};
    auto trained = train_logreg(*data, config, flags_.options(), *backend, error);
    if (!trained) {
      fmt::print(stderr, "error: training failed: {}\n", error);
      return kExitUsage;
    }
    auto fit = predict_rows(trained->features, trained->model, *backend, error);
    if (!fit) {
      fmt::print(stderr, "error: {}\n", error);
      return kExitUsage;
    }
    const auto scores = classify_predictions(data->labels, data->complexity, fit->labels);
    if (!write_file_atomic(output_, serialize_model(trained->model), error)) {
      fmt::print(stderr, "error: {}\n", error);
      return kExitUsage;
    }
    fmt::print(stderr,
               "caqa train: {} samples, view {}, dim {}, {} epochs, seed {}: features {:.2f} s, training {:.2f} s; "
               "train micro-F1 {:.3f}; wrote {}\n",
               data->size(), view_, flags_.dim, flags_.epochs, flags_.seed, trained->featurize_seconds,
               trained->train_seconds, scores.value("micro_f1"), output_);
    return kExitOk;
  }

 private:
  std::string train_, output_, view_ = "full";
  TrainFlags flags_;
};

}  // namespace

std::unique_ptr<Command> add_train_command(CLI::App& app) { return std::make_unique<TrainCommand>(app); }

}  // namespace caqa::cli
