// BioKaLMA's own question files read as KaLMA questions (caqa/kalma/biokalma.h), on a
// hand-made file in the shape of simple_question_graph.json (its SOURCE.md: one JSON array
// of [question, [entity dict, ...]]), and the LLM entailment replies.
#include <gtest/gtest.h>

#include "caqa/kalma/biokalma.h"
#include "caqa/kalma/judgments.h"

namespace {

using namespace caqa::kalma;

TEST(KalmaBioKalmaReader, EntitiesBecomeTheKgAndTheMinimumSet) {
  const char* file = R"([
  ["question: Who was Ada Lovelace?", [{"name": "Ada Lovelace", "qid": "Q7259", "occupation": "mathematician",
    "date_of_birth": "1815-12-10", "date_of_death": "", "place of birth": "London"}]],
  ["Who were Ada and her father?", [{"name": "Ada Lovelace", "qid": "Q7259", "occupation": "mathematician"},
                                    {"name": "Lord Byron", "qid": "Q5679", "occupation": "poet"}]],
  ["Who knows?", []]
])";
  ASSERT_TRUE(looks_like_biokalma(file));
  BioKalmaQuestions read = parse_biokalma_questions(file);
  EXPECT_FALSE(read.parse.diagnostics.has_errors());
  ASSERT_EQ(read.parse.set.size(), 3u);
  const Question& first = read.parse.set.questions[0];
  EXPECT_EQ(first.id, "1");
  EXPECT_EQ(read.questions[0], "Who was Ada Lovelace?") << "the \"question: \" prefix is dropped";
  // name and qid are not knowledge; an empty value is none; date_of_birth reads as cited.
  EXPECT_EQ(first.kg.size(), 3u);
  EXPECT_TRUE(first.kg.contains(make_triple("Q7259", "date of birth", "1815-12-10")));
  EXPECT_TRUE(first.minimum.contains(make_triple("Q7259", "place of birth", "London")));
  EXPECT_FALSE(first.absent.has_value()) << "no absent knowledge: the [NA] metrics stay undefined";
  EXPECT_EQ(read.parse.set.questions[1].kg.size(), 2u);
  EXPECT_TRUE(read.parse.set.questions[2].kg.empty());
  EXPECT_EQ(read.parse.set.find("2"), 1u);
  EXPECT_FALSE(looks_like_biokalma("{\"question_id\": \"q1\"}\n"));
}

TEST(KalmaBioKalmaReader, MalformedFilesSayWhere) {
  BioKalmaQuestions broken = parse_biokalma_questions("[\n  [\"q\", [{\"qid\": \"Q1\"}]],\n  [\"r\" [\n]");
  ASSERT_TRUE(broken.parse.diagnostics.has_errors());
  EXPECT_EQ(broken.parse.diagnostics.items[0].line, 3u) << "the JSON error's line";
  BioKalmaQuestions shape = parse_biokalma_questions(R"([["q", [{"name": "no qid"}]], ["r", {"qid": "Q2"}]])");
  ASSERT_EQ(shape.parse.diagnostics.items.size(), 2u);
  EXPECT_NE(shape.parse.diagnostics.items[0].message.find("item 1"), std::string::npos);
  EXPECT_NE(shape.parse.diagnostics.items[1].message.find("item 2"), std::string::npos);
  EXPECT_TRUE(shape.parse.set.questions.empty());
  EXPECT_TRUE(parse_biokalma_questions("[]").parse.diagnostics.has_errors());
}

TEST(KalmaEntailmentReply, FirstWordDecidesAndNothingIsGuessed) {
  EXPECT_EQ(parse_entailment_reply("Yes."), true);
  EXPECT_EQ(parse_entailment_reply("  **TRUE** - it says so"), true);
  EXPECT_EQ(parse_entailment_reply("entailment"), true);
  EXPECT_EQ(parse_entailment_reply("No"), false);
  EXPECT_EQ(parse_entailment_reply("Not entailed"), false);
  EXPECT_EQ(parse_entailment_reply("neutral"), false);
  EXPECT_EQ(parse_entailment_reply("It is hard to say."), std::nullopt);
  EXPECT_EQ(parse_entailment_reply(""), std::nullopt);
}

}  // namespace
