// The trained and lexical baselines: learning, beating the majority class on the
// default benchmark, determinism, and the CUDA twin against the CPU twin.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include <unistd.h>

#include "baseline/backend.h"
#include "baseline/dataset.h"
#include "baseline/logreg_twins.h"
#include "caqa/baseline/evaluate.h"
#include "caqa/baseline/lexical.h"

namespace caqa::baseline {
namespace {

// Separable toy task: each label has its own key word, in the citation.
Dataset toy(std::size_t n) {
  const char* words[4] = {"alpha", "bravo", "charlie", "delta"};
  Dataset d;
  for (std::size_t i = 0; i < n; ++i) {
    const int k = static_cast<int>((i * 7 + i / 3) % 4);
    d.ids.push_back("\"t" + std::to_string(i) + "\"");
    d.question.push_back("What is item " + std::to_string(i % 13) + "?");
    d.answer.push_back("It is thing " + std::to_string(i % 11) + " [1].");
    d.citation.push_back("[1] The note says " + std::string(words[k]) + " about item " + std::to_string(i % 5) + ".");
    d.labels.push_back(kLabels[k]);
    d.complexity.push_back(kComplexities[i % 4]);
  }
  return d;
}

// The CPU twin, an error slot and training options: what the trained-baseline tests start from.
struct Training {
  std::unique_ptr<ComputeBackend> cpu = make_cpu_backend();
  std::string error;
  TrainOptions options;
  std::optional<TrainResult> train(const Dataset& data, std::uint32_t bits, ComputeBackend& backend) {
    return train_logreg(data, FeatureConfig{bits, InputView::Full}, options, backend, error);
  }
};

// Featurizer keeps a question's part of a row: its rows are featurize()'s, in every view,
// with questions and answers repeating in any order.
TEST(Features, FeaturizerRowsAreFeaturizeRows) {
  const Dataset data = toy(300);
  for (int v = 0; v < kInputViewCount; ++v) {
    for (std::uint32_t bits : {8u, 18u}) {
      const FeatureConfig config{bits, static_cast<InputView>(v)};
      SparseRows one_by_one, kept;
      Featurizer featurizer(config);
      for (std::size_t i = 0; i < data.size(); ++i) {
        featurize(data.fields(i), config, one_by_one);
        featurizer.add(data.fields(i), kept);
      }
      EXPECT_EQ(kept.offsets, one_by_one.offsets) << view_name(config.view) << ", " << bits << " bits";
      EXPECT_EQ(kept.indices, one_by_one.indices) << view_name(config.view);
      EXPECT_EQ(kept.values, one_by_one.values) << view_name(config.view);
    }
  }
}

TEST(TrainedBaseline, CpuLearnsSeparableToyTaskPerfectly) {
  const Dataset train = toy(400), test = toy(100);
  Training t;
  t.options.epochs = 10;
  auto trained = t.train(train, 16, *t.cpu);
  ASSERT_TRUE(trained) << t.error;
  auto predicted = predict_logreg(test, trained->model, *t.cpu, t.error);
  ASSERT_TRUE(predicted) << t.error;
  EXPECT_EQ(classify_predictions(test.labels, test.complexity, predicted->labels).value("micro_f1"), 1.0);
}

TEST(TrainedBaseline, SameSeedSameModelBytes) {
  const Dataset train = toy(300);
  Training t;
  t.options.seed = 7;
  auto a = t.train(train, 14, *t.cpu), b = t.train(train, 14, *t.cpu);
  ASSERT_TRUE(a && b) << t.error;
  const std::string bytes = serialize_model(a->model);
  EXPECT_EQ(bytes, serialize_model(b->model));
  t.options.seed = 8;
  auto c = t.train(train, 14, *t.cpu);
  ASSERT_TRUE(c) << t.error;
  EXPECT_NE(bytes, serialize_model(c->model)) << "the seed should change the minibatch order";
  auto back = deserialize_model(bytes, t.error);
  ASSERT_TRUE(back) << t.error;
  EXPECT_EQ(serialize_model(*back), bytes);
  EXPECT_FALSE(deserialize_model(bytes.substr(0, bytes.size() - 1), t.error));
}

// Sorted distinct feature ids of the given rows: the parameters one lazy-Adam step touches.
std::vector<std::uint32_t> batch_features(const CsrView& x, const std::uint32_t* rows, std::size_t n) {
  std::vector<std::uint32_t> out;
  for (std::size_t r = 0; r < n; ++r)
    out.insert(out.end(), x.indices + x.offsets[rows[r]], x.indices + x.offsets[rows[r] + 1]);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

// The training loop as four scalar loops per sample and one Adam call per parameter, over
// the model's row-major arrays: the CPU twin (one cache line per feature, four classes a
// SIMD operation) must give these bits.
LogRegModel scalar_loop_train(const SparseRows& rows, const std::vector<std::uint8_t>& labels,
                              const TrainOptions& options, std::uint32_t bits) {
  const CsrView x = view_of(rows);
  LogRegModel model;
  model.reset(bits, 0);
  std::vector<float> m(model.weights.size()), v(model.weights.size()), grad(model.weights.size());
  std::array<float, kClasses> mb{}, vb{}, gb{};
  for_each_minibatch(x.rows, options, [&](const std::uint32_t* batch, std::size_t n, std::uint64_t t) {
    const std::vector<std::uint32_t> features = batch_features(x, batch, n);
    for (std::size_t r = 0; r < n; ++r) {
      float z[kClasses], delta[kClasses];
      for (int k = 0; k < kClasses; ++k) z[k] = model.bias[k];
      for (std::uint64_t j = x.offsets[batch[r]]; j < x.offsets[batch[r] + 1]; ++j)
        for (int k = 0; k < kClasses; ++k) z[k] += x.values[j] * model.weights[x.indices[j] * kClasses + k];
      softmax4(z);
      logit_gradient(z, labels[batch[r]], 1.0f / static_cast<float>(n), delta);
      for (std::uint64_t j = x.offsets[batch[r]]; j < x.offsets[batch[r] + 1]; ++j)
        for (int k = 0; k < kClasses; ++k) grad[x.indices[j] * kClasses + k] += x.values[j] * delta[k];
      for (int k = 0; k < kClasses; ++k) gb[k] += delta[k];
    }
    AdamStep step = adam_step(options, t);
    for (std::uint32_t f : features)
      for (std::size_t p = f * kClasses; p < (f + 1) * kClasses; ++p) {
        adam_update(model.weights[p], m[p], v[p], grad[p], step);
        grad[p] = 0;
      }
    step.l2 = 0;
    for (int k = 0; k < kClasses; ++k) {
      adam_update(model.bias[k], mb[k], vb[k], gb[k], step);
      gb[k] = 0;
    }
    return true;
  });
  return model;
}

TEST(TrainedBaseline, CpuTwinGivesTheScalarLoopsBits) {
  const Dataset train = toy(1500);
  const FeatureConfig config{10, InputView::Full};  // a small space: buckets shared by many n-grams
  const SparseRows x = featurize_all(train, config);
  TrainOptions options;
  options.epochs = 3;
  options.l2 = 1e-4f;
  Training t;
  t.options = options;
  auto trained = t.train(train, config.dim_bits, *t.cpu);
  ASSERT_TRUE(trained) << t.error;
  EXPECT_EQ(serialize_model(trained->model), serialize_model(scalar_loop_train(x, train.label_indices(), options, 10)));
}

// AFLite's path: training and prediction on row ids of a shared feature matrix give the bits
// of the scalar loops over a copy of those rows, with an odd minibatch (a row left over
// after the pairs) and rows in no particular order.
TEST(TrainedBaseline, CpuTwinOnRowIdsGivesTheCopiedRowsBits) {
  const Dataset data = toy(1501);
  const FeatureConfig config{10, InputView::Full};
  const SparseRows x = featurize_all(data, config);
  const std::vector<std::uint8_t> all_labels = data.label_indices();
  std::vector<std::uint32_t> ids;
  for (std::uint32_t i = 0; i < x.rows(); i += 3) ids.push_back((i * 7) % static_cast<std::uint32_t>(x.rows()));
  SparseRows copy;
  copy.offsets.assign(1, 0);
  std::vector<std::uint8_t> labels;
  for (std::uint32_t r : ids) {
    copy.indices.insert(copy.indices.end(), x.indices.begin() + x.offsets[r], x.indices.begin() + x.offsets[r + 1]);
    copy.values.insert(copy.values.end(), x.values.begin() + x.offsets[r], x.values.begin() + x.offsets[r + 1]);
    copy.offsets.push_back(copy.indices.size());
    labels.push_back(all_labels[r]);
  }
  TrainOptions options;
  options.epochs = 2;
  options.batch = 7;
  LogRegModel model;
  model.reset(config.dim_bits, 0);
  std::string error;
  ASSERT_TRUE(cpu::logreg_train_rows(view_of(x), ids.data(), ids.size(), labels.data(), options, model, error))
      << error;
  EXPECT_EQ(serialize_model(model), serialize_model(scalar_loop_train(copy, labels, options, config.dim_bits)));
  std::vector<float> by_id(ids.size() * kClasses), copied(ids.size() * kClasses);
  cpu::logreg_predict_rows(view_of(x), ids.data(), ids.size(), model, by_id.data());
  ASSERT_TRUE(cpu::logreg_predict(view_of(copy), model, copied.data(), error));
  EXPECT_EQ(by_id, copied);
}

// Builds the default benchmark with the real CLI once.
const std::filesystem::path& default_benchmark() {
  static const std::filesystem::path dir = [] {
    auto d = std::filesystem::temp_directory_path() / ("caqa_baseline_test_" + std::to_string(::getpid()));
    std::filesystem::create_directories(d);
    const std::string command = std::string(CAQA_EXE) + " build -q -o " + d.string();
    EXPECT_EQ(std::system(command.c_str()), 0) << command;
    return d;
  }();
  return dir;
}

// The default benchmark is built to need reading (issue 13: neutral facts, decoys, matched
// drafts, adversarial filtering): the bag-of-n-grams baseline still beats the majority
// class, and stays at or under 0.60 micro-F1 (it reached 0.952 before).
TEST(TrainedBaseline, LearnsButStaysAtMostSixtyOnTheDefaultBenchmark) {
  std::string error;
  auto train = read_dataset((default_benchmark() / "train.jsonl").string(), error);
  ASSERT_TRUE(train) << error;
  auto test = read_dataset((default_benchmark() / "test.jsonl").string(), error);
  ASSERT_TRUE(test) << error;
  auto cpu = make_cpu_backend();
  auto trained = train_logreg(*train, FeatureConfig{}, TrainOptions{}, *cpu, error);
  ASSERT_TRUE(trained) << error;
  auto predicted = predict_logreg(*test, trained->model, *cpu, error);
  ASSERT_TRUE(predicted) << error;
  const double model_f1 = classify_predictions(test->labels, test->complexity, predicted->labels).value("micro_f1");
  const Label majority = majority_label(train->labels);
  const double majority_f1 =
      classify_predictions(test->labels, test->complexity, std::vector<Label>(test->size(), majority))
          .value("micro_f1");
  EXPECT_GT(model_f1, majority_f1) << "trained " << model_f1 << " vs majority " << majority_f1;
  EXPECT_LE(model_f1, 0.60) << "trained " << model_f1;

  const LexicalModel lexical = fit_lexical(train->all_fields(), train->labels);
  std::vector<Label> lexical_labels;
  for (std::size_t i = 0; i < test->size(); ++i)
    lexical_labels.push_back(lexical_label(lexical, lexical_score(lexical, test->fields(i))));
  // BM25 reads no label off the benchmark's words: within 0.05 of majority (issue 40's bar).
  const double lexical_f1 = classify_predictions(test->labels, test->complexity, lexical_labels).value("micro_f1");
  EXPECT_NEAR(lexical_f1, majority_f1, 0.05) << "lexical " << lexical_f1 << " vs majority " << majority_f1;
  // Deterministic fit.
  const LexicalModel again = fit_lexical(train->all_fields(), train->labels);
  EXPECT_EQ(again.thresholds, lexical.thresholds);
  EXPECT_EQ(again.interval_labels, lexical.interval_labels);
}

// CUDA twin vs CPU twin on the same data and seed. Tolerance: 2e-3 absolute on every
// predicted probability (float atomics sum the gradient in another order, and the
// difference compounds over the Adam steps), and exactly equal probabilities when both
// twins predict with the same (CPU-trained) model up to 1e-5.
TEST(TrainedBaseline, CudaMatchesCpu) {
  std::string reason;
  auto gpu = make_cuda_backend(reason);
  if (!gpu) GTEST_SKIP() << "skipped: no GPU (" << reason << ")";
  const Dataset train = toy(2000), test = toy(500);
  Training t;
  t.options.epochs = 3;
  auto on_cpu = t.train(train, 16, *t.cpu), on_gpu = t.train(train, 16, *gpu);
  ASSERT_TRUE(on_cpu && on_gpu) << t.error;
  auto p_cpu = predict_logreg(test, on_cpu->model, *t.cpu, t.error);
  auto p_gpu_same_model = predict_logreg(test, on_cpu->model, *gpu, t.error);
  auto p_gpu = predict_logreg(test, on_gpu->model, *gpu, t.error);
  ASSERT_TRUE(p_cpu && p_gpu && p_gpu_same_model) << t.error;
  for (std::size_t i = 0; i < p_cpu->probs.size(); ++i) {
    EXPECT_NEAR(p_cpu->probs[i], p_gpu_same_model->probs[i], 1e-5) << "prediction kernel, element " << i;
    EXPECT_NEAR(p_cpu->probs[i], p_gpu->probs[i], 2e-3) << "training kernels, element " << i;
  }
}

TEST(Backend, AutoFallsBackToCpuWithAReason) {
  BackendChoice choice = choose_backend(BackendRequest::Auto);
  ASSERT_TRUE(choice.backend);
  EXPECT_FALSE(choice.reason.empty());
  if (choice.backend->name() == "cpu") EXPECT_NE(choice.reason.find("GPU not used"), std::string::npos);
  EXPECT_EQ(choose_backend(BackendRequest::Cpu).backend->name(), "cpu");
}

}  // namespace
}  // namespace caqa::baseline
