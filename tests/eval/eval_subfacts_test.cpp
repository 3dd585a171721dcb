// caqa eval --subfacts (issue 41, CAQA Appendix D.2): every (sub-fact, citation) pair judged
// once, by a chat judge with the paper's prompt, with --logprobs, or by a pair model with a
// label map; folded into one line of judgments per sample that caqa factscore scores; a
// killed run resumes without repeating an answered request.
#include <gtest/gtest.h>

#include "eval_test_util.h"
#include "fake_openai.h"
#include "fake_pair_server.h"

namespace caqa::eval {
namespace {

using namespace testing;  // NOLINT: the shared eval test helpers

const std::string kSubFactBench = kRoot + "/tests/fixtures/factscore/bench.jsonl";

// What the fake judges say of each sub-fact, sample by sample: true when the citation holds
// the fact's last word (and, for the pair model, not "no" before it).
std::string expected_sub_fact_judgments(bool pair_model) {
  std::string out;
  for (const auto& line : lines_of(slurp(kSubFactBench))) {
    auto s = nlohmann::json::parse(line);
    const std::string citation = s["citation"];
    nlohmann::json said = nlohmann::json::array();
    for (const auto& f : s["subfacts"]) {
      if (pair_model) {
        const auto p = fake_nli(citation, f["fact"].get<std::string>() + " [1]");
        said.push_back(p[1] > p[0] && p[1] > p[2]);
      } else {
        const std::string last = fake_last_word(f["fact"]);
        said.push_back(!last.empty() && citation.find(last) != std::string::npos);
      }
    }
    out += nlohmann::json{{"id", s["id"]}, {"subfacts", said}}.dump() + "\n";
  }
  return out;
}

std::size_t sub_fact_count() {
  std::size_t n = 0;
  for (const auto& line : lines_of(slurp(kSubFactBench))) n += nlohmann::json::parse(line)["subfacts"].size();
  return n;
}

std::vector<std::string> chat_args(const std::string& url, const std::string& out) {
  return {"eval",       "--gold", kSubFactBench, "--subfacts", "--prompt-set", "factscore_fact", "--scheme", "binary",
          "--endpoint", url,      "--model",     "fake-judge", "--quiet",      "--retry-base",   "0.01",     "-o",
          out};
}

TEST(EvalSubFacts, ThePaperPromptJudgesEachSubFactOnce) {
  FakeOpenAI server;
  TempDir dir;
  const std::string out = dir.file("sub.jsonl");
  ASSERT_EQ(wait_exit(spawn_cli(chat_args(server.url(), out))), 0);
  EXPECT_EQ(slurp(out), expected_sub_fact_judgments(false));
  EXPECT_EQ(server.total(), static_cast<long>(sub_fact_count()));
  for (const auto& [prompt, n] : server.counts()) {
    EXPECT_EQ(n, 1);
    EXPECT_TRUE(prompt.starts_with("Judge this fact based on the given context.\n\n Fact: ")) << prompt;
    EXPECT_EQ(prompt.find(" [1]\n"), std::string::npos) << "the D.2 prompt reads the plain sentence";
  }
  EXPECT_FALSE(fs::exists(out + ".subfact-pairs.jsonl"));
  EXPECT_EQ(testing::run_caqa({"factscore", out, "--gold", kSubFactBench, "--bootstrap", "0"}), 0);
}

TEST(EvalSubFacts, LogprobsGiveEachSubFactAProbability) {
  FakeOpenAI server;
  TempDir dir;
  const std::string out = dir.file("sub.jsonl");
  auto args = chat_args(server.url(), out);
  args.insert(args.end() - 2, "--logprobs");
  ASSERT_EQ(wait_exit(spawn_cli(args)), 0);
  const auto want = lines_of(expected_sub_fact_judgments(false));
  const auto got = lines_of(slurp(out));
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    auto g = nlohmann::json::parse(got[i]), w = nlohmann::json::parse(want[i]);
    ASSERT_EQ(g["subfacts"].size(), w["subfacts"].size());
    for (std::size_t k = 0; k < g["subfacts"].size(); ++k)
      EXPECT_NEAR(g["subfacts"][k].get<double>(), w["subfacts"][k].get<bool>() ? 0.75 : 0.25, 1e-9);
  }
}

TEST(EvalSubFacts, APairModelWithALabelMap) {
  FakePairServer server;
  TempDir dir;
  const std::string out = dir.file("sub.jsonl");
  ASSERT_EQ(wait_exit(spawn_cli({"eval", "--gold", kSubFactBench, "--subfacts", "--api", "tei", "--label-map",
                                 "entailment=supportive,neutral=irrelevant,contradiction=contradictory", "--endpoint",
                                 server.url(), "--model", "fake-nli", "--quiet", "-o", out})),
            0);
  EXPECT_EQ(slurp(out), expected_sub_fact_judgments(true));
}

TEST(EvalSubFacts, KilledRunResumesWithoutRepeatingAnsweredRequests) {
  FakeOpenAI server({}, /*delay_s=*/0.03);
  TempDir dir;
  const std::string out = dir.file("sub.jsonl");
  auto args = chat_args(server.url(), out);
  args.insert(args.end() - 2, {"--concurrency", "2"});
  const std::string cache = out + ".subfact-labels.jsonl.cache.jsonl";
  kill_once_cached(args, cache, 8, out);
  const std::set<std::string> answered = cached_values(cache, "id");
  ASSERT_GE(answered.size(), 8u);
  ASSERT_LT(answered.size(), sub_fact_count());
  const long before = server.settled_total();
  ASSERT_EQ(wait_exit(spawn_cli(args)), 0);
  EXPECT_EQ(server.total() - before, static_cast<long>(sub_fact_count() - answered.size()))
      << "the resumed run sends exactly the pairs not answered before the kill";
  EXPECT_EQ(slurp(out), expected_sub_fact_judgments(false));
}

}  // namespace
}  // namespace caqa::eval
