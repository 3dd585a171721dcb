// Trained-baseline throughput: train on 140,000 samples and predict 24,000, against
// the targets (train < 60 s, predict < 1 s, on 2 CPU cores), with whichever backend
// choose_backend picks. The samples come from the MetaQA benchmark:
//   build/native/caqa build --metaqa ../shared/data/metaqa -q -o /tmp/mq
//   build/bench/baseline_bench [/tmp/mq]
// Prints "skipped" and exits 0 when the directory is absent. Times exclude reading
// JSON; "train" includes featurizing, "predict" includes featurizing.
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>

#include "baseline/backend.h"
#include "caqa/baseline/evaluate.h"

using namespace caqa::baseline;

int main(int argc, char** argv) {
  const std::string dir = argc > 1 ? argv[1] : "/tmp/mq";
  const std::string train_path = dir + "/train.jsonl", test_path = dir + "/test.jsonl";
  if (!std::filesystem::exists(train_path) || !std::filesystem::exists(test_path)) {
    std::printf(
        "baseline_bench: skipped: %s has no train.jsonl/test.jsonl (build it with "
        "`caqa build --metaqa ../shared/data/metaqa -q -o %s`)\n",
        dir.c_str(), dir.c_str());
    return 0;
  }
  std::string error;
  auto train_all = read_dataset(train_path, error);
  auto test_all = train_all ? read_dataset(test_path, error) : std::nullopt;
  if (!train_all || !test_all) {
    std::fprintf(stderr, "baseline_bench: %s\n", error.c_str());
    return 2;
  }
  const Dataset train = train_all->head(140000), test = test_all->head(24000);
  BackendChoice choice = choose_backend(BackendRequest::Auto);
  std::printf("baseline_bench: backend %s (%s)\n", std::string(choice.backend->name()).c_str(), choice.reason.c_str());
  const auto t0 = std::chrono::steady_clock::now();
  auto trained = train_logreg(train, FeatureConfig{}, TrainOptions{}, *choice.backend, error);
  const double train_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (!trained) {
    std::fprintf(stderr, "baseline_bench: %s\n", error.c_str());
    return 2;
  }
  const auto t1 = std::chrono::steady_clock::now();
  auto predicted = predict_logreg(test, trained->model, *choice.backend, error);
  const double predict_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t1).count();
  if (!predicted) {
    std::fprintf(stderr, "baseline_bench: %s\n", error.c_str());
    return 2;
  }
  const double f1 = classify_predictions(test.labels, test.complexity, predicted->labels).value("micro_f1");
  std::printf("train   %zu samples: %7.2f s (features %.2f s + SGD %.2f s)  target 60 s  ratio %.3f\n", train.size(),
              train_s, trained->featurize_seconds, trained->train_seconds, train_s / 60.0);
  std::printf("predict %zu samples: %7.3f s (features %.3f s + model %.3f s)  target 1 s   ratio %.3f\n", test.size(),
              predict_s, predicted->featurize_seconds, predicted->predict_seconds, predict_s / 1.0);
  std::printf("test micro-F1 %.3f\n", f1);
  return 0;
}
