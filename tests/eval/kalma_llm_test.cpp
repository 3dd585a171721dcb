// caqa kalma --endpoint: the entailment decisions asked of the fake OpenAI-compatible server
// (fake_openai.h: "yes" when the sentence holds the value, "no" when not, a reply that is
// neither for "???"), scored exactly as the same decisions written by hand as --judgments;
// a second run answered by the cache; and BioKaLMA's own question file read as shipped.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "eval_test_util.h"
#include "fake_openai.h"

namespace {

using namespace caqa::eval::testing;

void write(const std::string& path, const std::string& text) { std::ofstream(path) << text; }

TEST(KalmaLlm, JudgmentsFromTheServerScoreAsTheSameJudgmentsByHand) {
  TempDir dir;
  write(
      dir.file("q.jsonl"),
      R"({"question_id": "q1", "kg": [["Q1", "place of birth", "Rome"], ["Q1", "occupation", "painter"]], )"
      R"("minimum_knowledge": [["Q1", "place of birth", "Rome"]], "absent_knowledge": [["Q1", "award", "Prize ???"]]})"
      "\n"
      R"({"question_id": "q2", "kg": [["Q2", "occupation", "writer"]], "minimum_knowledge": [["Q2", "occupation", "writer"]]})"
      "\n");
  write(
      dir.file("a.jsonl"),
      R"({"question_id": "q1", "answer": "She was born in Rome [Q1, place of birth: Rome, occupation: painter]. She won a prize [NA]."})"
      "\n"
      R"({"question_id": "q2", "answer": "He wrote plays [Q2, occupation: writer]."})"
      "\n");
  // What the fake server decides, by hand: "Rome" is in the first sentence, "painter" and
  // "writer" are not in theirs; the [NA] pair's reply is neither yes nor no (not entailed).
  write(dir.file("by_hand.jsonl"),
        R"({"question_id": "q1", "sentence_index": 0, "knowledge": ["Q1", "place of birth", "Rome"], "entailed": true})"
        "\n"
        R"({"question_id": "q1", "sentence_index": 0, "knowledge": ["Q1", "occupation", "painter"], "entailed": false})"
        "\n"
        R"({"question_id": "q2", "sentence_index": 0, "knowledge": ["Q2", "occupation", "writer"], "entailed": false})"
        "\n");
  FakeOpenAI server;
  const std::vector<std::string> llm = {"kalma",
                                        "--questions",
                                        dir.file("q.jsonl"),
                                        "--answers",
                                        dir.file("a.jsonl"),
                                        "--endpoint",
                                        server.url(),
                                        "--model",
                                        "fake-judge",
                                        "--json",
                                        "-o",
                                        dir.file("llm.json"),
                                        "--save-judgments",
                                        dir.file("saved.jsonl")};
  ASSERT_EQ(run_caqa(llm), 0);
  EXPECT_EQ(server.settled_total(), 4) << "one request per pair: 3 alignment pairs and 1 [NA] pair";
  ASSERT_EQ(run_caqa({"kalma", "--questions", dir.file("q.jsonl"), "--answers", dir.file("a.jsonl"), "--judgments",
                      dir.file("by_hand.jsonl"), "--json", "-o", dir.file("hand.json")}),
            0);
  auto report = [](const std::string& path) {
    auto json = nlohmann::json::parse(slurp(path));
    json.erase("judgments");  // names the judgments' source, which differs
    return json;
  };
  EXPECT_EQ(report(dir.file("llm.json")), report(dir.file("hand.json")));
  EXPECT_EQ(lines_of(slurp(dir.file("saved.jsonl"))).size(), 3u) << "the unread reply is not a judgment";
  // Again: every decision from the cache, nothing sent.
  ASSERT_EQ(run_caqa(llm), 0);
  EXPECT_EQ(server.settled_total(), 4);
}

TEST(KalmaLlm, ReadsBioKalmaQuestionsAsShipped) {
  const std::filesystem::path data =
      std::filesystem::path(CAQA_SOURCE_DIR) / ".." / "shared" / "data" / "biokalma" / "simple_question_graph.json";
  if (!std::filesystem::exists(data)) GTEST_SKIP() << data.string() << " is absent (real data stays outside)";
  TempDir dir;
  FakeOpenAI server;
  const std::string answers = std::string(CAQA_SOURCE_DIR) + "/tests/fixtures/kalma/biokalma_answers.jsonl";
  ASSERT_EQ(
      run_caqa({"kalma", "--questions", data.string(), "--answers", answers, "--endpoint", server.url(), "--model",
                "fake-judge", "--json", "-o", dir.file("report.json"), "--cache", dir.file("cache.jsonl")}),
      0);
  auto report = nlohmann::json::parse(slurp(dir.file("report.json")));
  EXPECT_GT(server.settled_total(), 0);
  // By hand from the fixture and the shipped entities: 1,085 questions; 5 citations, all
  // but "Ernst Hanfstaengl, occupation: painter" (his entity says writer) in the KG and
  // in the minimum set (BioKaLMA's entities are both).
  EXPECT_EQ(report["counts"]["n_questions"], 1085);
  EXPECT_EQ(report["citation_quality"]["n_citations"], 5);
  EXPECT_EQ(report["citation_quality"]["n_correct"], 4);
  EXPECT_EQ(report["citation_quality"]["n_precise"], 4);
  // The fake server: every sentence names the values it cites ("painter" too: alignment
  // asks whether the sentence says it, not whether the KG holds it).
  EXPECT_EQ(report["alignment"]["n_pairs"], 5);
  EXPECT_EQ(report["alignment"]["n_entailed"], 5);
  // No absent knowledge in BioKaLMA's files: the [NA] metrics are undefined, not 0.
  EXPECT_EQ(report["conscious_incompetence"]["n_questions"], 0);
  EXPECT_TRUE(report["conscious_incompetence"]["precision"].is_null());
}

}  // namespace
