// caqa train: the trained baseline (hashed n-gram + pair features, multinomial
// logistic regression by minibatch Adam; docs/baselines.md), written to a model file
// that `caqa predict --evaluator trained --model FILE` reads; or, with --model reader,
// the reader (cli/reader_training.h), read by `caqa predict --evaluator reader`.
#include <fmt/format.h>

#include "baseline/cli_support.h"
#include "caqa/baseline/evaluate.h"
#include "command.h"
#include "files.h"
#include "reader_training.h"

namespace caqa::cli {

namespace {

using namespace caqa::baseline;

class TrainCommand : public Command {
 public:
  explicit TrainCommand(CLI::App& parent) {
    app_ =
        parent.add_subcommand("train", "Train a baseline on a benchmark split: the logistic regression or the reader.");
    CLI::App* app = app_;
    app->add_option("--model", model_,
                    "logreg: hashed n-grams, logistic regression; reader: a neural reader that aligns the answer "
                    "with the citation token by token (decomposable attention)")
        ->capture_default_str()
        ->check(CLI::IsMember({"logreg", "reader"}));
    app->add_option("--train", train_, "Training samples (train.jsonl of `caqa build`)")->required()->type_name("FILE");
    app->add_option("-o,--output", output_, "Model file to write (reader: safetensors)")
        ->required()
        ->type_name("MODEL");
    app->add_option("--view", view_, "logreg: inputs the model sees: full, citation, question+answer, answer")
        ->capture_default_str()
        ->check(CLI::IsMember({"full", "citation", "question+answer", "answer"}));
    flags_.add_to(*app);
    reader_.add_to(*app);
    app->footer(
        "logreg: hashed word 1-2-grams and in-word character 3-grams of question+answer and of the\n"
        "citation, plus overlap of entity-like tokens (answer claim vs. citation) and relation words.\n"
        "reader: each token of the answer and of the citation is its hashed word and character trigrams\n"
        "plus an exact-match flag; a window of 5 tokens is projected, each answer token attends to the\n"
        "citation's tokens (and back), compares itself with what it aligned to, and the comparisons are\n"
        "pooled and classified (the output layer has the label scheme's classes). 10% of the train file's\n"
        "questions are held out as a dev slice: the best dev epoch's weights are written, training stops\n"
        "after --patience epochs without a better one. Reader defaults: --epochs 12 --batch 32 --lr 0.001\n"
        "--dim 131072. Both train deterministically for a seed on the CPU backend.\n"
        "Data: caqa build --train-questions N adds N questions sampled from the KG to the train split\n"
        "only, none of whose facts is a claim of a test question; the test split stays byte-identical.\n"
        "Example: caqa build --train-questions 40000 -o bench && caqa train --model reader\n"
        "  --train bench/train.jsonl -o reader.safetensors --checkpoint-dir ckpt   (docs/baselines.md)\n"
        "That recipe on 2 CPU cores: 19,751 training samples, about 8 minutes, test micro-F1 0.701 on the\n"
        "default benchmark (logistic regression: 0.357); 0.840 on MetaQA.");
  }

  int run() override {
    if (model_ == "reader") {
      if (app_->count("--view")) {
        fmt::print(stderr, "error: --view applies to --model logreg (the reader reads the answer and citation)\n");
        return kExitUsage;
      }
      return reader_.run(*app_, flags_, train_, output_);
    }
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
  CLI::App* app_ = nullptr;
  std::string model_ = "logreg", train_, output_, view_ = "full";
  TrainFlags flags_;
  ReaderTraining reader_;
};

}  // namespace

std::unique_ptr<Command> add_train_command(CLI::App& app) { return std::make_unique<TrainCommand>(app); }

}  // namespace caqa::cli
