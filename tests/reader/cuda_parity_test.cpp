// The reader's CUDA twin against its CPU twin (the CPU twin meets the PyTorch goldens in
// golden_test.cpp): logits, loss and every gradient of a batch of real text, then three
// AdamW steps. cuBLAS sums in another order than OpenBLAS, so within 1e-4, not bit for bit.
// Without a GPU (or a CUDA build) it reports "skipped: no GPU", never a pass.
#include <gtest/gtest.h>

#include <cmath>

#include "caqa/reader/tokens.h"
#include "reader/engine.h"

namespace caqa::reader {
namespace {

constexpr double kTwinTolerance = 1e-4;

std::vector<ReaderExample> text_examples(const ReaderConfig& config) {
  const char* pairs[][2] = {
      {"Argo was directed by Ben Affleck [1].",
       "[1] Argo is a film by director Ben Affleck. Ben Affleck was born in "
       "Berkeley."},
      {"Kathleen Kennedy has worked as a film producer.",
       "[1] Frank Marshall was a producer of Raiders of the Lost Ark."},
      {"The Hateful Eight was scored by Ennio Morricone, who won an Academy Award.",
       "[1] Ennio Morricone composed the music of The Hateful Eight. Morricone won the Academy Award for Best "
       "Original Score."},
      {"Reykjavik is the capital of Iceland.", "[1] Reykjavik lies in Iceland."},
      {"Big Eyes came out in 2014.", "[1] Big Eyes came out in 1956."},
  };
  const TokenizerConfig tokens{config.buckets, static_cast<std::size_t>(config.max_tokens)};
  std::vector<ReaderExample> out;
  int label = 0;
  for (const auto& p : pairs)
    out.push_back({encode_text(p[0], p[1], tokens), encode_text(p[1], p[0], tokens), label++ % config.classes});
  return out;
}

void expect_all_near(const std::vector<float>& a, const std::vector<float>& b, const char* what) {
  ASSERT_EQ(a.size(), b.size()) << what;
  double worst = 0;
  for (std::size_t i = 0; i < a.size(); ++i) worst = std::max(worst, std::abs(static_cast<double>(a[i]) - b[i]));
  EXPECT_LE(worst, kTwinTolerance) << what << ": largest difference " << worst;
}

TEST(ReaderCuda, MatchesCpuTwin) {
  ReaderConfig config;
  config.buckets = 1u << 12;
  config.dim = 16;
  config.hidden = 24;
  config.dropout = 0.2f;
  std::string reason;
  auto gpu = make_cuda_engine(config, reason);
  if (!gpu) GTEST_SKIP() << "skipped: no GPU (" << reason << ")";
  auto cpu = make_cpu_engine(config);
  const auto params = initial_parameters(config, 5);
  cpu->set_parameters(params);
  gpu->set_parameters(params);
  const auto examples = text_examples(config);
  std::vector<std::size_t> order(examples.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  const HostBatch batch = assemble_batch(examples, order.data(), order.size(), config.buckets);
  std::vector<float> g_cpu, g_gpu;
  const PassResult r_cpu = cpu->gradients(batch, 7, 1, g_cpu);
  const PassResult r_gpu = gpu->gradients(batch, 7, 1, g_gpu);
  EXPECT_NEAR(r_cpu.loss, r_gpu.loss, kTwinTolerance);
  expect_all_near(r_cpu.logits, r_gpu.logits, "logits");
  expect_all_near(g_cpu, g_gpu, "gradients");
  const ops::AdamW adamw;
  for (int step = 0; step < 3; ++step) {
    EXPECT_NEAR(cpu->train_step(batch, adamw, 7), gpu->train_step(batch, adamw, 7), kTwinTolerance) << "step " << step;
  }
  expect_all_near(cpu->parameters(), gpu->parameters(), "parameters after 3 steps");
  expect_all_near(cpu->predict(batch), gpu->predict(batch), "predictions");
}

}  // namespace
}  // namespace caqa::reader
