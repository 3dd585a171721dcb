// The reader's CPU twin against the PyTorch oracle (tests/reader/make_goldens.py, float64):
// logits, loss, every gradient and two AdamW steps to 1e-5; and the CUDA twin against
// the CPU twin where a GPU is present ("skipped: no GPU" elsewhere).
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "reader/engine.h"

namespace caqa::reader {
namespace {

using Json = nlohmann::json;
constexpr double kTolerance = 1e-5;

Json load_golden() {
  std::ifstream in(CAQA_READER_GOLDEN);
  std::stringstream text;
  text << in.rdbuf();
  return Json::parse(text.str());
}

TokenRows text_of(const Json& j) {
  TokenRows t;
  t.offsets = j["offsets"].get<std::vector<std::uint32_t>>();
  t.ids = j["ids"].get<std::vector<std::uint32_t>>();
  t.exact = j["exact"].get<std::vector<std::uint8_t>>();
  return t;
}

struct Golden {
  Json json = load_golden();
  ReaderConfig config;
  ops::AdamW adamw;
  std::vector<ReaderExample> examples;
  HostBatch batch;
  Golden() {
    const Json& c = json["config"];
    config.buckets = c["buckets"];
    config.dim = c["dim"];
    config.window = c["window"];
    config.hidden = c["hidden"];
    config.classes = c["classes"];
    config.dropout = c["dropout"];
    const Json& a = json["adamw"];
    adamw = {a["lr"], a["beta1"], a["beta2"], a["eps"], a["weight_decay"]};
    for (const Json& ex : json["batch"])
      examples.push_back({text_of(ex["hypothesis"]), text_of(ex["premise"]), ex["label"].get<int>()});
    std::vector<std::size_t> order(examples.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    batch = assemble_batch(examples, order.data(), order.size(), config.buckets);
  }
  // A {name: values} object in parameter_layout's flat order.
  std::vector<float> flat(const Json& tensors) const {
    std::vector<float> out(parameter_count(config));
    for (const Tensor& t : parameter_layout(config)) {
      const auto values = tensors.at(t.name).get<std::vector<double>>();
      EXPECT_EQ(values.size(), t.size()) << t.name;
      for (std::size_t i = 0; i < values.size() && i < t.size(); ++i) out[t.offset + i] = static_cast<float>(values[i]);
    }
    return out;
  }
};

// Every value within tolerance, reporting the first few that are not, by tensor.
void expect_close(const ReaderConfig& config, const std::vector<float>& got, const std::vector<float>& want,
                  double tolerance, const std::string& what) {
  ASSERT_EQ(got.size(), want.size()) << what;
  int reported = 0;
  double worst = 0;
  for (const Tensor& t : parameter_layout(config))
    for (std::size_t i = 0; i < t.size(); ++i) {
      const double diff = std::abs(static_cast<double>(got[t.offset + i]) - want[t.offset + i]);
      worst = std::max(worst, diff);
      if (diff > tolerance && reported++ < 5)
        ADD_FAILURE() << what << " " << t.name << "[" << i << "]: " << got[t.offset + i] << " vs "
                      << want[t.offset + i];
    }
  std::ostringstream text;
  text << std::scientific << worst;
  ::testing::Test::RecordProperty(what + "_max_abs_diff", text.str());
}

TEST(ReaderGolden, LogitsLossAndGradientsMatchPyTorch) {
  Golden g;
  auto engine = make_cpu_engine(g.config);
  engine->set_parameters(g.flat(g.json["params"]));
  const Json& step = g.json["steps"][0];
  std::vector<float> grads;
  const PassResult r = engine->gradients(g.batch, g.json["seed"].get<std::uint64_t>(), 1, grads);
  EXPECT_NEAR(r.loss, step["loss"].get<double>(), kTolerance);
  const auto logits = step["logits"].get<std::vector<double>>();
  ASSERT_EQ(r.logits.size(), logits.size());
  for (std::size_t i = 0; i < logits.size(); ++i) EXPECT_NEAR(r.logits[i], logits[i], kTolerance) << "logit " << i;
  expect_close(g.config, grads, g.flat(step["grads"]), kTolerance, "gradient");
}

TEST(ReaderGolden, TwoAdamWStepsMatchPyTorch) {
  Golden g;
  auto engine = make_cpu_engine(g.config);
  engine->set_parameters(g.flat(g.json["params"]));
  for (const Json& step : g.json["steps"]) {
    const double loss = engine->train_step(g.batch, g.adamw, g.json["seed"].get<std::uint64_t>());
    EXPECT_NEAR(loss, step["loss"].get<double>(), kTolerance) << "step " << step["step"];
    expect_close(g.config, engine->parameters(), g.flat(step["params_after"]), kTolerance,
                 "parameters after step " + step["step"].dump());
  }
  EXPECT_EQ(engine->optimizer().step, 2);
}

TEST(ReaderGolden, PredictionHasNoDropout) {
  Golden g;
  auto engine = make_cpu_engine(g.config);
  engine->set_parameters(g.flat(g.json["params"]));
  const auto first = engine->predict(g.batch);
  g.config.dropout = 0.0f;
  auto plain = make_cpu_engine(g.config);
  plain->set_parameters(g.flat(g.json["params"]));
  EXPECT_EQ(first, plain->predict(g.batch));
  EXPECT_EQ(first, engine->predict(g.batch));
}

}  // namespace
}  // namespace caqa::reader
