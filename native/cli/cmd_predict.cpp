// caqa predict: run a built-in baseline over a benchmark split and write a prediction
// file that `caqa score` reads: {"id":..., "label":..., "score":...} per sample.
//   trained  the model of `caqa train`; score = its probability of "supportive"
//   reader   the weights of `caqa train --model reader` (cli/reader_prediction.h)
//   lexical  BM25-style coverage of question+answer by the citation, thresholds fit on --train;
//            score = that coverage in [0, 1]
#include <fmt/format.h>

#include "baseline/cli_support.h"
#include "caqa/baseline/evaluate.h"
#include "caqa/baseline/lexical.h"
#include "command.h"
#include "files.h"
#include "reader_prediction.h"
#include "sub_fact_runs.h"

namespace caqa::cli {

namespace {

using namespace caqa::baseline;

class PredictCommand : public Command {
 public:
  explicit PredictCommand(CLI::App& parent) {
    CLI::App* app =
        parent.add_subcommand("predict", "Predict labels with a built-in baseline (trained, reader or lexical).");
    app->add_option("--evaluator", evaluator_,
                    "trained or reader (need --model: `caqa train`, `caqa train --model reader`) or lexical (needs "
                    "--train)")
        ->required()
        ->check(CLI::IsMember({"trained", "reader", "lexical"}));
    app->add_option("--model", model_, "Model file of `caqa train` (trained, reader)")->type_name("MODEL");
    app->add_option("--train", train_, "Training samples to fit the lexical thresholds on")->type_name("FILE");
    app->add_option("--gold", gold_, "Samples to predict (test.jsonl); scored on stderr when they carry labels")
        ->required()
        ->type_name("BENCH");
    app->add_option("-o,--output", output_, "Prediction file to write (JSON Lines)")->required()->type_name("FILE");
    app->add_option("--backend", backend_, "auto, cpu or cuda (trained, reader)")
        ->capture_default_str()
        ->check(CLI::IsMember({"auto", "cpu", "cuda", "gpu"}));
    app->add_flag("--subfacts", sub_facts_,
                  "Judge each sample's sub-facts instead (caqa factscore): the evaluator labels each (sub-fact, "
                  "citation) pair, supportive = true, any other label = false (CAQA D.2); writes "
                  "{\"id\", \"subfacts\": [...]}");
  }

  int run() override {
    if (!sub_facts_) return predict(gold_, output_);
    return run_sub_facts({gold_, output_, true, &caqa_scheme(), false, false, "caqa predict", false},
                         [&](const std::string& pairs, const std::string& labels) { return predict(pairs, labels); });
  }

 private:
  int predict(const std::string& gold, const std::string& output) {
    if (evaluator_ == "reader") {
      if (model_.empty()) {
        fmt::print(stderr,
                   "error: --evaluator reader needs --model FILE (make one with `caqa train --model reader`)\n");
        return kExitUsage;
      }
      return predict_with_reader(model_, gold, output, backend_);
    }
    auto data = load_dataset("predict", gold);
    if (!data) return kExitUsage;
    std::vector<Label> labels;
    std::vector<double> scores, confidence;
    std::string error;
    if (evaluator_ == "trained") {
      if (model_.empty()) {
        fmt::print(stderr, "error: --evaluator trained needs --model MODEL (make one with `caqa train`)\n");
        return kExitUsage;
      }
      auto file = read_file(model_, error);
      auto bytes = file ? std::optional<std::string>(file->bytes()) : std::nullopt;
      std::optional<LogRegModel> model;
      if (bytes) model = deserialize_model(*bytes, error);
      if (!model) {
        fmt::print(stderr, "error: {}: {}\n", model_, error);
        return kExitUsage;
      }
      auto backend = open_backend("predict", backend_);
      if (!backend) return kExitUsage;
      auto result = predict_logreg(*data, *model, *backend, error);
      if (!result) {
        fmt::print(stderr, "error: {}\n", error);
        return kExitUsage;
      }
      labels = result->labels;
      for (std::size_t i = 0; i < data->size(); ++i) {
        scores.push_back(result->probs[i * kClasses + index_of(Label::Supportive)]);
        confidence.push_back(result->probs[i * kClasses + index_of(labels[i])]);
      }
      fmt::print(stderr, "caqa predict: {} samples: features {:.3f} s, prediction {:.3f} s\n", data->size(),
                 result->featurize_seconds, result->predict_seconds);
    } else {
      if (train_.empty()) {
        fmt::print(stderr, "error: --evaluator lexical needs --train FILE to fit its thresholds on\n");
        return kExitUsage;
      }
      auto train = load_dataset("predict", train_);
      if (!train) return kExitUsage;
      const LexicalModel model = fit_lexical(train->all_fields(), train->labels);
      fmt::print(stderr,
                 "caqa predict: lexical thresholds {:.4f} {:.4f} {:.4f} (intervals {} | {} | {} | {}), train micro-F1 "
                 "{:.3f}\n",
                 model.thresholds[0], model.thresholds[1], model.thresholds[2], label_name(model.interval_labels[0]),
                 label_name(model.interval_labels[1]), label_name(model.interval_labels[2]),
                 label_name(model.interval_labels[3]), model.train_micro_f1);
      for (std::size_t i = 0; i < data->size(); ++i) {
        const double s = lexical_score(model, data->fields(i));
        scores.push_back(s);
        labels.push_back(lexical_label(model, s));
      }
    }
    std::string out;
    for (std::size_t i = 0; i < data->size(); ++i) {
      out +=
          fmt::format("{{\"id\":{},\"label\":\"{}\",\"score\":{:.6f}", data->ids[i], label_name(labels[i]), scores[i]);
      if (!confidence.empty()) out += fmt::format(",\"confidence\":{:.6f}", confidence[i]);
      out += "}\n";
    }
    if (!write_file_atomic(output, out, error)) {
      fmt::print(stderr, "error: {}\n", error);
      return kExitUsage;
    }
    if (data->has_labels) {
      const auto s = classify_predictions(data->labels, data->complexity, labels);
      fmt::print(stderr, "caqa predict: {} micro-F1 {:.3f} macro-F1 {:.3f} on {} ({} samples); wrote {}\n", evaluator_,
                 s.value("micro_f1"), s.value("macro_f1"), gold, data->size(), output);
    } else {
      fmt::print(stderr, "caqa predict: wrote {} ({} samples)\n", output, data->size());
    }
    return kExitOk;
  }

  std::string evaluator_, model_, train_, gold_, output_, backend_ = "auto";
  bool sub_facts_ = false;
};

}  // namespace

std::unique_ptr<Command> add_predict_command(CLI::App& app) { return std::make_unique<PredictCommand>(app); }

}  // namespace caqa::cli
