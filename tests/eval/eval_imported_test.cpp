// caqa eval on benchmarks brought in by caqa import: AttributionBench-shaped gold with no
// complexity, WiCE-shaped gold with no question either, judged by the fake server with the
// binary and three-level prompt sets, and the predictions scored under the gold's scheme.
#include <gtest/gtest.h>

#include "eval_test_util.h"
#include "fake_openai.h"

namespace {

using namespace caqa::eval::testing;

TEST(EvalImported, ClaimOnlyAndComplexityFreeGoldIsJudgedAndScored) {
  const std::string fixtures = std::string(CAQA_SOURCE_DIR) + "/tests/fixtures/import/";
  for (const auto& [format, prompt_set] : {std::pair<std::string, std::string>{"attributionbench", "binary_zero_shot"},
                                           {"attributionbench", "attributionbench_zero_shot"},
                                           {"wice", "support3_zero_shot"}}) {
    TempDir dir;
    FakeOpenAI server;
    ASSERT_EQ(run_caqa({"import", format, fixtures + format + "/good.jsonl", "-o", dir.file("gold.jsonl")}), 0)
        << format;
    ASSERT_EQ(run_caqa({"eval", "--gold", dir.file("gold.jsonl"), "--endpoint", server.url(), "--model", "fake-judge",
                        "--prompt-set", prompt_set, "-o", dir.file("pred.jsonl")}),
              0)
        << format;
    EXPECT_EQ(lines_of(slurp(dir.file("pred.jsonl"))).size(), lines_of(slurp(dir.file("gold.jsonl"))).size());
    EXPECT_GT(server.total(), 0);
    // Scored with no --scheme (the gold names it); unparseable replies count as wrong, not as an error.
    EXPECT_EQ(run_caqa({"score", dir.file("pred.jsonl"), "--gold", dir.file("gold.jsonl"), "--json", "-o",
                        dir.file("report.json")}),
              0)
        << format;
    auto report = nlohmann::json::parse(slurp(dir.file("report.json")));
    EXPECT_TRUE(report["per_complexity"].is_null()) << format;
    EXPECT_EQ(report["evaluator"]["prompt_set"]["name"], prompt_set) << "from pred.jsonl.meta.json";
  }
}

}  // namespace
