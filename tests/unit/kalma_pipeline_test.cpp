// score_kalma, the KaLMA front door: what blocks scoring, and that its report is the one
// the readers and kalma_report give step by step.
#include <gtest/gtest.h>

#include "caqa/kalma/pipeline.h"

namespace {

using namespace caqa::kalma;

const std::string kPipelineQuestions =
    "{\"question_id\": \"q1\", \"kg\": [[\"Q1\", \"place of birth\", \"Rome\"]], \"minimum_knowledge\": [[\"Q1\", "
    "\"place of birth\", \"Rome\"]], \"absent_knowledge\": [[\"Q1\", \"date of birth\", \"1596-07-08\"]]}\n"
    "{\"question_id\": \"q2\", \"kg\": [], \"minimum_knowledge\": []}\n";
const std::string kAnswers =
    "{\"question_id\": \"q1\", \"answer\": \"Born in Rome [Q1, place of birth: Rome]. Born in 1596 [NA].\"}\n";
const std::string kJudgments =
    "{\"question_id\": \"q1\", \"sentence_index\": 0, \"knowledge\": [\"Q1\", \"place of birth\", \"Rome\"], "
    "\"entailed\": true}\n";

KalmaRequest request(bool pairs = false) {
  KalmaRequest r;
  r.sources = {"q.jsonl", "a.jsonl", "j.jsonl"};
  r.pairs = pairs;
  return r;
}

TEST(KalmaPipeline, GivesTheReportOfTheStepByStepPath) {
  QuestionParse q = parse_questions(kPipelineQuestions);
  AnswerParse a = parse_answers(kAnswers, q.set);
  JudgmentParse j = parse_judgments(kJudgments, q.set, a);
  std::string want = kalma_json(kalma_report(q.set, a, &j, {"q.jsonl", "a.jsonl", "j.jsonl"}));

  KalmaOutcome out = score_kalma(kPipelineQuestions, kAnswers, std::optional<caqa::InputText>(kJudgments), request());
  ASSERT_TRUE(out.ok());
  ASSERT_TRUE(out.report);
  EXPECT_EQ(kalma_json(*out.report), want);
  EXPECT_TRUE(out.pairs_jsonl.empty());
}

TEST(KalmaPipeline, WithoutJudgmentsTheReportNamesNone) {
  KalmaOutcome out = score_kalma(kPipelineQuestions, kAnswers, std::nullopt, request());
  ASSERT_TRUE(out.report);
  EXPECT_FALSE(out.report->judged);
  EXPECT_EQ(out.report->sources.judgments, "");
  EXPECT_TRUE(out.judgments.items.empty());
  QuestionParse q = parse_questions(kPipelineQuestions);
  AnswerParse a = parse_answers(kAnswers, q.set);
  EXPECT_EQ(kalma_json(*out.report), kalma_json(kalma_report(q.set, a, nullptr, {"q.jsonl", "a.jsonl", ""})));
}

TEST(KalmaPipeline, PairsInsteadOfAReport) {
  KalmaOutcome out = score_kalma(kPipelineQuestions, kAnswers, std::nullopt, request(true));
  ASSERT_TRUE(out.ok());
  EXPECT_FALSE(out.report);
  QuestionParse q = parse_questions(kPipelineQuestions);
  EXPECT_EQ(out.pairs_jsonl, kalma_pairs_jsonl(q.set, parse_answers(kAnswers, q.set)));
}

TEST(KalmaPipeline, AnInvalidQuestionsFileStopsBeforeTheAnswers) {
  KalmaOutcome out = score_kalma("{\"question_id\": \"q1\"}\n", "not json\n", std::nullopt, request());
  EXPECT_EQ(out.blocked, KalmaBlock::Questions);
  EXPECT_TRUE(out.questions.has_errors());
  EXPECT_TRUE(out.answers.items.empty());  // never read
  EXPECT_FALSE(out.report);
}

TEST(KalmaPipeline, AnInvalidAnswersOrJudgmentsFileBlocksScoring) {
  KalmaOutcome answers = score_kalma(kPipelineQuestions, "{\"question_id\": \"q1\"}\n", std::nullopt, request());
  EXPECT_EQ(answers.blocked, KalmaBlock::AnswersOrJudgments);
  EXPECT_TRUE(answers.answers.has_errors());
  EXPECT_FALSE(answers.report);

  KalmaOutcome judgments = score_kalma(kPipelineQuestions, kAnswers,
                                       std::optional<caqa::InputText>("{\"question_id\": \"q1\"}\n"), request());
  EXPECT_EQ(judgments.blocked, KalmaBlock::AnswersOrJudgments);
  EXPECT_TRUE(judgments.judgments.has_errors());
  EXPECT_FALSE(judgments.report);
}

TEST(KalmaPipeline, WarningsDoNotBlock) {
  KalmaOutcome out = score_kalma(kPipelineQuestions, kAnswers, std::nullopt, request());  // q2 has no answer: a warning
  EXPECT_TRUE(out.ok());
  EXPECT_FALSE(out.answers.items.empty());
  EXPECT_FALSE(out.answers.has_errors());
}

}  // namespace
