// The KaLMA report: JSON key order, null for undefined values, tables, the pairs list.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "caqa/kalma/report.h"

namespace {

using namespace caqa::kalma;

struct Inputs {
  QuestionParse questions;
  AnswerParse answers;
};

Inputs inputs() {
  Inputs in;
  in.questions = parse_questions(
      "{\"question_id\": \"q1\", \"kg\": [[\"Q1\", \"place of birth\", \"Rome\"]], \"minimum_knowledge\": [[\"Q1\", "
      "\"place of birth\", \"Rome\"]], \"absent_knowledge\": [[\"Q1\", \"date of birth\", \"1596-07-08\"]]}\n"
      "{\"question_id\": \"q2\", \"kg\": [], \"minimum_knowledge\": []}\n");
  in.answers = parse_answers(
      "{\"question_id\": \"q1\", \"answer\": \"Born in Rome [Q1, place of birth: Rome]. Born in 1596 [NA]. Bad "
      "[1].\"}\n",
      in.questions.set);
  return in;
}

TEST(KalmaReport, JsonHasAFixedShapeAndNullForUndefined) {
  Inputs in = inputs();
  KalmaReport r = kalma_report(in.questions.set, in.answers, nullptr, {"q.jsonl", "a.jsonl", ""});
  std::string text = kalma_json(r);
  EXPECT_EQ(text, kalma_json(kalma_report(in.questions.set, in.answers, nullptr, {"q.jsonl", "a.jsonl", ""})));
  auto j = nlohmann::ordered_json::parse(text);
  std::vector<std::string> keys;
  for (auto it = j.begin(); it != j.end(); ++it) keys.push_back(it.key());
  EXPECT_EQ(keys, (std::vector<std::string>{"report", "caqa_version", "schema_version", "signature", "questions",
                                            "answers", "judgments", "counts", "citation_quality", "alignment",
                                            "conscious_incompetence", "citation_problems"}));
  EXPECT_EQ(j["signature"],
            "caqa-kalma:1|questions:2|answered:1|match:exact-space|missing:no-citations|unjudged:not-entailed|"
            "judgments:no|sentences:1");
  EXPECT_TRUE(j["judgments"].is_null());
  EXPECT_TRUE(j["alignment"]["score"].is_null());  // no judgments file
  EXPECT_EQ(j["alignment"]["n_pairs"], 1);
  EXPECT_TRUE(j["conscious_incompetence"]["precision"].is_null());
  EXPECT_EQ(j["conscious_incompetence"]["n_pairs"], 1);
  EXPECT_EQ(j["citation_quality"]["micro"]["precision"], 1.0);
  EXPECT_EQ(j["citation_quality"]["micro"]["recall"], 1.0);
  EXPECT_EQ(j["counts"]["n_missing_answers"], 1);
  EXPECT_EQ(j["citation_problems"]["count"], 1);
  EXPECT_EQ(j["citation_problems"]["by_problem"]["not_a_citation"], 1);
  EXPECT_EQ(j["citation_problems"]["examples"][0]["character"], 64);
  EXPECT_EQ(j["citation_problems"]["examples"][0]["question_id"], "q1");
}

TEST(KalmaReport, JudgedReportHasScores) {
  Inputs in = inputs();
  JudgmentParse j = parse_judgments(
      "{\"question_id\": \"q1\", \"sentence_index\": 0, \"knowledge\": [\"Q1\", \"place of birth\", \"Rome\"], "
      "\"entailed\": true}\n"
      "{\"question_id\": \"q1\", \"sentence_index\": 1, \"knowledge\": [\"Q1\", \"date of birth\", \"1596-07-08\"], "
      "\"entailed\": true}\n",
      in.questions.set, in.answers);
  EXPECT_TRUE(j.diagnostics.items.empty());
  KalmaReport r = kalma_report(in.questions.set, in.answers, &j, {"q.jsonl", "a.jsonl", "j.jsonl"});
  auto json = nlohmann::json::parse(kalma_json(r));
  EXPECT_EQ(json["alignment"]["score"], 1.0);
  EXPECT_EQ(json["conscious_incompetence"]["precision"], 1.0);
  EXPECT_EQ(json["conscious_incompetence"]["recall"], 1.0);
  EXPECT_EQ(json["judgments"], "j.jsonl");
  EXPECT_NE(r.signature.find("judgments:yes"), std::string::npos);
}

TEST(KalmaReport, TablesPrintDashesForUndefined) {
  Inputs in = inputs();
  KalmaReport r = kalma_report(in.questions.set, in.answers, nullptr, {"q.jsonl", "a.jsonl", ""});
  std::string table = kalma_table(r);
  EXPECT_NE(table.find("Micro F1"), std::string::npos);
  EXPECT_NE(table.find("a.jsonl  2       -  1.000"), std::string::npos) << table;
  EXPECT_NE(table.find("citation problems: 1 (not_a_citation 1)"), std::string::npos) << table;
  EXPECT_NE(table.find("signature: caqa-kalma:1|"), std::string::npos);
  std::string md = kalma_markdown(r);
  EXPECT_NE(md.find("| answers | n | Align. |"), std::string::npos) << md;
  EXPECT_NE(md.find("| --- | ---: |"), std::string::npos);
  EXPECT_NE(md.find("| a.jsonl | 2 | - | 1.000 |"), std::string::npos) << md;
}

TEST(KalmaReport, PairsListOneJsonLinePerPair) {
  Inputs in = inputs();
  std::string pairs = kalma_pairs_jsonl(in.questions.set, in.answers);
  EXPECT_EQ(
      pairs,
      "{\"question_id\":\"q1\",\"sentence_index\":0,\"sentence\":\"Born in Rome.\",\"knowledge\":[\"Q1\",\"place of "
      "birth\",\"Rome\"],\"hypothesis\":\"place of birth: Rome\",\"for\":[\"alignment\"]}\n"
      "{\"question_id\":\"q1\",\"sentence_index\":1,\"sentence\":\"Born in 1596.\",\"knowledge\":[\"Q1\",\"date of "
      "birth\",\"1596-07-08\"],\"hypothesis\":\"date of birth: 1596-07-08\",\"for\":[\"na\"]}\n");
}

}  // namespace
