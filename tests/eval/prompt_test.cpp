// Prompt sets: golden renders for one benchmark sample, placeholder errors, and the
// Appendix E.3 aggregation rule.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "caqa/eval/prompt.h"

namespace caqa::eval {
namespace {

std::string read_required(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in) << path;
  std::ostringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

class PromptGolden : public ::testing::TestWithParam<const char*> {};

TEST_P(PromptGolden, RendersFirstExampleSample) {
  const std::string root = CAQA_SOURCE_DIR;
  std::string first_line;
  std::ifstream bench(root + "/data/examples/benchmark.jsonl");
  std::getline(bench, first_line);
  auto sample = nlohmann::json::parse(first_line);
  auto q = sample["question"].get<std::string>(), a = sample["answer"].get<std::string>(),
       c = sample["citation"].get<std::string>();
  std::string file = read_required(root + "/data/prompts/" + GetParam() + ".txt");
  auto rendered = render_sample_prompt(template_body(file), {q, a, c});
  ASSERT_TRUE(rendered.ok()) << rendered.detail;
  EXPECT_EQ(rendered.text + "\n", read_required(root + "/tests/golden/prompts/" + GetParam() + ".txt"));
}

INSTANTIATE_TEST_SUITE_P(Sets, PromptGolden,
                         ::testing::Values("gpt_zero_shot", "other_zero_shot", "gpt_few_shot", "other_few_shot",
                                           "binary_zero_shot", "attributionbench_zero_shot", "attrscore_zero_shot",
                                           "support3_zero_shot", "factscore_fact"));

TEST(PromptIndex, EveryListedSetHasItsPlaceholders) {
  const std::string root = CAQA_SOURCE_DIR;
  auto index = nlohmann::json::parse(read_required(root + "/data/prompts/index.json"));
  ASSERT_GE(index["sets"].size(), 4u);
  for (const auto& set : index["sets"]) {
    std::string file = read_required(root + "/data/prompts/" + set["file"].get<std::string>());
    EXPECT_EQ(template_placeholders(template_body(file)), set["placeholders"].get<std::vector<std::string>>())
        << set["name"];
    EXPECT_EQ(file.find("**"), std::string::npos) << set["name"] << ": markdown left in";
    EXPECT_EQ(file.find("\\_"), std::string::npos) << set["name"] << ": escaped underscore left in";
  }
}

TEST(PromptRender, LiteralBracesAndErrors) {
  const PromptField fields[] = {{"question", "Q {answer}"}, {"answer", "A"}};
  auto ok = render_prompt("{question}|{answer}|{ x }|{Answer}|{}|{", fields);
  ASSERT_TRUE(ok.ok());
  EXPECT_EQ(ok.text, "Q {answer}|A|{ x }|{Answer}|{}|{");  // values are never re-expanded
  auto bad = render_prompt("Claim: {claim}", fields);
  EXPECT_EQ(bad.error, PromptError::UnknownPlaceholder);
  EXPECT_EQ(bad.detail, "{claim}");
  EXPECT_EQ(template_body("x\r\n"), "x");
  EXPECT_EQ(template_body("x\n\n"), "x\n");
}

TEST(CotAggregate, AppendixE3Rule) {
  using L = Label;
  EXPECT_EQ(aggregate_fact_labels(std::vector<L>{L::Supportive, L::Supportive}), L::Supportive);
  EXPECT_EQ(aggregate_fact_labels(std::vector<L>{L::Supportive, L::Irrelevant}), L::PartiallySupportive);
  EXPECT_EQ(aggregate_fact_labels(std::vector<L>{L::Supportive, L::Contradictory}), L::Contradictory);
  EXPECT_EQ(aggregate_fact_labels(std::vector<L>{L::Irrelevant, L::Irrelevant}), L::Irrelevant);
  EXPECT_EQ(aggregate_fact_labels(std::vector<L>{L::Supportive, L::PartiallySupportive}), L::PartiallySupportive);
  EXPECT_EQ(aggregate_fact_labels(std::vector<L>{}), L::Irrelevant);
  EXPECT_EQ(split_sub_facts("1. A is B.\n\n- C is D.\n  * E\n2) F"),
            (std::vector<std::string>{"A is B.", "C is D.", "E", "F"}));
}

}  // namespace
}  // namespace caqa::eval
