// Smoke test on the real BioKaLMA knowledge (../shared/data/biokalma, not in the repository):
// questions built from its entity dictionaries, synthetic answers citing that knowledge.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "caqa/kalma/metrics.h"
#include "caqa/kalma/report.h"

namespace {

using namespace caqa::kalma;
using Json = nlohmann::json;

// ../shared next to the repository; the data is not ours to copy into it.
const std::filesystem::path kData =
    std::filesystem::path(CAQA_SOURCE_DIR) / ".." / "shared" / "data" / "biokalma" / "simple_question_graph.json";

// BioKaLMA entity dict -> triples [qid, property, value]; "date_of_birth" reads "date of birth".
std::vector<Json> entity_triples(const Json& entity) {
  std::vector<Json> out;
  std::string qid = entity.value("qid", "");
  for (const auto& [key, value] : entity.items()) {
    if (key == "qid" || !value.is_string() || value.get<std::string>().empty()) continue;
    std::string property = key;
    for (char& c : property) c = c == '_' ? ' ' : c;
    out.push_back(Json::array({qid, property, value}));
  }
  return out;
}

std::string citation(const std::vector<Json>& triples) {
  std::string s = "[" + triples.front()[0].get<std::string>();
  for (const Json& t : triples) s += ", " + t[1].get<std::string>() + ": " + t[2].get<std::string>();
  return s + "]";
}

TEST(KalmaBioKaLMASmoke, ParsesAndScoresSyntheticAnswersOnRealKnowledge) {
  if (!std::filesystem::exists(kData))
    GTEST_SKIP() << kData.string() << " is absent (real data stays outside the repository)";
  std::ifstream in(kData);
  Json data = Json::parse(in, nullptr, false);
  ASSERT_FALSE(data.is_discarded());
  ASSERT_TRUE(data.is_array());
  std::string questions, answers;
  std::size_t expected_citations = 0, expected_precise = 0, expected_knowledge = 0, n = 0;
  for (std::size_t i = 0; i < data.size() && n < 200; ++i) {
    const Json& entities = data[i][1];
    if (entities.empty()) continue;
    std::vector<Json> kg;
    std::string text;
    for (const Json& e : entities) {
      std::vector<Json> triples = entity_triples(e);
      if (triples.size() < 4) continue;
      kg.insert(kg.end(), triples.begin(), triples.end());
      // Every property of the entity cited, four per sentence.
      for (std::size_t at = 0; at < triples.size(); at += 4) {
        std::vector<Json> group(triples.begin() + at, triples.begin() + std::min(at + 4, triples.size()));
        text += "Sentence about " + e.value("name", "someone") + " number " + std::to_string(at / 4) + " " +
                citation(group) + ". ";
        expected_citations += group.size();
      }
    }
    if (kg.empty()) continue;
    // Minimum set: every third triple, plus one that is not in the KG (never correct).
    Json minimum = Json::array();
    for (std::size_t k = 0; k < kg.size(); k += 3) minimum.push_back(kg[k]);
    minimum.push_back(Json::array({kg[0][0], "award received", "Nobel Prize"}));
    expected_precise += minimum.size() - 1;
    expected_knowledge += minimum.size();
    text += "Some claim has no source [NA].";
    std::string id = "bio-" + std::to_string(i);
    questions += Json{{"question_id", id},
                      {"kg", kg},
                      {"minimum_knowledge", minimum},
                      {"absent_knowledge", Json::array({minimum.back()})}}
                     .dump() +
                 "\n";
    answers += Json{{"question_id", id}, {"answer", text}}.dump() + "\n";
    ++n;
  }
  ASSERT_GT(n, 100u);
  QuestionParse q = parse_questions(questions);
  for (const auto& d : q.diagnostics.items) ADD_FAILURE() << caqa::format_diagnostic("questions", d);
  AnswerParse a = parse_answers(answers, q.set);
  for (const auto& d : a.diagnostics.items) ADD_FAILURE() << caqa::format_diagnostic("answers", d);
  CitationQuality quality = citation_quality(q.set, a.answers);
  // Every cited triple is the KG's own (values with commas, colons, brackets, QIDs included).
  EXPECT_EQ(quality.total.citations, expected_citations);
  EXPECT_EQ(quality.total.correct, expected_citations);
  EXPECT_DOUBLE_EQ(quality.correctness_micro, 1.0);
  // KG triples repeat within an entity dict only when a key repeats: none do, so each
  // minimum-set triple from the KG is cited once and recalled.
  EXPECT_EQ(quality.total.precise, expected_precise);
  EXPECT_EQ(quality.total.knowledge, expected_knowledge);
  EXPECT_EQ(quality.total.recalled, expected_precise);
  KalmaReport report = kalma_report(q.set, a, nullptr, {"questions", "answers", ""});
  EXPECT_EQ(report.issues, 0u);
  EXPECT_EQ(report.na_sentences, n);
  EXPECT_EQ(report.na.pairs, n);  // one [NA] sentence x one absent triple per question
  EXPECT_FALSE(kalma_json(report).empty());
}

}  // namespace
