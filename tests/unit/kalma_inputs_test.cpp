// The KaLMA readers: questions, answers and judgments files, and their diagnostics.
#include <gtest/gtest.h>

#include <string>

#include "caqa/kalma/inputs.h"

namespace {

using caqa::Diagnostic;
using caqa::Diagnostics;
using caqa::Severity;
using namespace caqa::kalma;

// "line:code" of each diagnostic, e.g. "1:bad_triple 2:missing_field".
std::string codes(const Diagnostics& d) {
  std::string out;
  for (const Diagnostic& x : d.items)
    out += (out.empty() ? "" : " ") + std::to_string(x.line) + ":" + std::string(caqa::error_code_name(x.code));
  return out;
}

const char* kQuestions =
    R"({"question_id": "q1", "kg": [["Q1", "place of birth", "Rome"], ["Q1", "occupation", "painter"]], "minimum_knowledge": [["Q1", "place of birth", "Rome"]], "absent_knowledge": [["Q1", "date of birth", "1596-07-08"]]})"
    "\n"
    R"({"question_id": 7, "kg": [], "minimum_knowledge": [], "absent_knowledge": null, "question": "ignored"})"
    "\n";

TEST(KalmaInputs, QuestionsAreRead) {
  QuestionParse p = parse_questions(kQuestions);
  EXPECT_TRUE(p.diagnostics.items.empty());
  ASSERT_EQ(p.set.size(), 2u);
  const Question& q = p.set.questions[0];
  EXPECT_EQ(q.id, "q1");
  EXPECT_EQ(q.kg.size(), 2u);
  EXPECT_TRUE(q.kg.contains({"Q1", "occupation", "painter"}));
  ASSERT_TRUE(q.absent.has_value());
  EXPECT_EQ(q.absent->size(), 1u);
  EXPECT_EQ(p.set.questions[1].id, "7");                // an integer id reads as its decimal text
  EXPECT_FALSE(p.set.questions[1].absent.has_value());  // null: not in the [NA] experiment
  EXPECT_EQ(p.set.find("7"), 1u);
}

TEST(KalmaInputs, MalformedQuestionLinesAreExplained) {
  std::string text =
      "{\"question_id\": \"a\", \"kg\": [[\"Q1\", \"p\"]], \"minimum_knowledge\": []}\n"  // 1 bad triple
      "{\"question_id\": \"b\", \"minimum_knowledge\": []}\n"                             // 2 no kg
      "{\"question_id\": \"c\", \"kg\": {}, \"minimum_knowledge\": []}\n"                 // 3 kg not an array
      "{\"kg\": [], \"minimum_knowledge\": []}\n"                                         // 4 no id
      "{\"question_id\": \"e\", \"kg\": [[\"Q1\", \"p\", 3]], \"minimum_knowledge\": [[\" \", \"p\", \"v\"]]}\n"  // 5
                                                                                                                  // two
                                                                                                                  // bad
      "not json\n"                                                                                                // 6
      "{\"question_id\": \"a2\", \"kg\": [], \"minimum_knowledge\": [], \"kg\": []}\n"  // 7 duplicate key
      "{\"question_id\": \"ok\", \"kg\": [[\"Q1\", \"p\", \"v\"]], \"minimum_knowledge\": [], \"absent_knowledge\": "
      "[[\"Q1\", \"p\", \"v\"]]}\n"
      "{\"question_id\": \"ok\", \"kg\": [], \"minimum_knowledge\": []}\n";  // 9 duplicate id
  QuestionParse p = parse_questions(text);
  EXPECT_EQ(codes(p.diagnostics),
            "1:bad_triple 2:missing_field 3:bad_field_type 4:missing_id 5:bad_triple 5:bad_triple 6:malformed_json "
            "7:duplicate_key 8:bad_triple 9:duplicate_id");  // 8: a warning, absent knowledge also in kg
  EXPECT_EQ(p.diagnostics.items[8].severity, Severity::Warning);
  EXPECT_EQ(p.set.size(), 1u);
  const Diagnostic& first = p.diagnostics.items[0];
  EXPECT_NE(first.message.find("item 1 of \"kg\""), std::string::npos) << first.message;
  EXPECT_NE(first.message.find("[\"Q1\",\"p\"]"), std::string::npos) << first.message;
  EXPECT_EQ(first.column, 28u);  // the column of the "kg" value
  EXPECT_FALSE(first.hint.empty());
  EXPECT_EQ(codes(parse_questions("").diagnostics), "0:empty_file");
}

TEST(KalmaInputs, AnswersAreMatchedToQuestions) {
  QuestionParse q = parse_questions(kQuestions);
  std::string text =
      "{\"question_id\": \"q1\", \"answer\": \"Born in Rome [Q1, place of birth: Rome]. [NA] Unclosed [Q1, p: v\"}\n"
      "{\"question_id\": \"zz\", \"answer\": \"unknown question\"}\n"
      "{\"question_id\": \"q1\", \"answer\": \"again\"}\n"
      "{\"question_id\": 7, \"answer\": 5}\n"
      "{\"question_id\": 7}\n";
  AnswerParse a = parse_answers(text, q.set);
  EXPECT_EQ(codes(a.diagnostics),
            "0:missing_predictions 1:unparsed_citation 2:unknown_id 3:duplicate_id 4:bad_field_type 5:missing_field");
  EXPECT_EQ(a.diagnostics.error_count(), 3u);
  EXPECT_EQ(a.answered, 1u);
  EXPECT_EQ(a.missing, 1u);
  EXPECT_EQ(a.unknown_lines, 1u);
  EXPECT_EQ(a.duplicate_lines, 1u);
  EXPECT_EQ(a.lines_read, 5u);
  EXPECT_EQ(a.answer_line, (std::vector<std::uint32_t>{1, 0}));
  EXPECT_EQ(a.answers[0].citation_count(), 1u);
  EXPECT_TRUE(a.answers[1].sentences.empty());
  const Diagnostic& issue = a.diagnostics.items[1];
  EXPECT_NE(issue.message.find("unclosed_bracket at character 55"), std::string::npos) << issue.message;
}

TEST(KalmaInputs, JudgmentsAreCheckedAgainstTheSentenceSplit) {
  QuestionParse q = parse_questions(kQuestions);
  AnswerParse a = parse_answers(
      "{\"question_id\": \"q1\", \"answer\": \"Born in Rome [Q1, place of birth: Rome]. Born in 1596 [NA].\"}\n",
      q.set);
  std::vector<JudgePair> pairs = judge_pairs(q.set, a.answers);
  ASSERT_EQ(pairs.size(), 2u);
  EXPECT_TRUE(pairs[0].alignment);
  EXPECT_TRUE(pairs[1].na);
  EXPECT_EQ(pairs[1].sentence, 1u);
  std::string text =
      "{\"question_id\": \"q1\", \"sentence_index\": 0, \"sentence\": \"Born in  Rome.\", \"knowledge\": [\"Q1\", "
      "\"place of birth\", \"Rome\"], \"entailed\": true}\n"
      "{\"question_id\": \"q1\", \"sentence_index\": 1, \"knowledge\": [\"Q1\", \"date of birth\", \"1596-07-08\"], "
      "\"entailed\": 1, \"answers_question\": false}\n"
      "{\"question_id\": \"q1\", \"sentence_index\": 2, \"knowledge\": [\"Q1\", \"p\", \"v\"], \"entailed\": true}\n"
      "{\"question_id\": \"q1\", \"sentence_index\": 0, \"sentence\": \"Other text.\", \"answers_question\": true}\n"
      "{\"question_id\": \"q1\", \"sentence_index\": 0, \"knowledge\": [\"Q1\", \"occupation\", \"painter\"], "
      "\"entailed\": false}\n"
      "{\"question_id\": \"q1\", \"sentence_index\": 0, \"knowledge\": [\"Q1\", \"place of birth\", \"Rome\"], "
      "\"entailed\": false}\n"
      "{\"question_id\": \"q1\", \"sentence_index\": -1, \"answers_question\": true}\n"
      "{\"question_id\": \"q1\", \"sentence_index\": 0}\n"
      "{\"question_id\": \"q1\", \"sentence_index\": 0, \"knowledge\": [\"Q1\", \"p\", \"v\"]}\n"
      "{\"question_id\": \"q1\", \"sentence_index\": 0, \"knowledge\": [\"Q1\", \"p\"], \"entailed\": \"yes\"}\n"
      "{\"question_id\": \"nope\", \"sentence_index\": 0, \"answers_question\": true}\n";
  JudgmentParse j = parse_judgments(text, q.set, a);
  EXPECT_EQ(codes(j.diagnostics),
            "3:judgment_mismatch "  // sentence 2 does not exist
            "4:judgment_mismatch "  // quotes another sentence
            "5:unknown_pair "       // not cited there (warning, ignored)
            "6:duplicate_id "       // the same pair as line 1
            "7:bad_field_type "     // negative index
            "8:missing_field "      // neither knowledge nor answers_question
            "9:missing_field "      // knowledge without entailed
            "10:bad_field_type "    // entailed "yes"
            "10:bad_triple "        // two-item knowledge
            "11:unknown_id");       // warning, ignored
  EXPECT_EQ(j.judgments.entailed(0, 0, {"Q1", "place of birth", "Rome"}), true);
  EXPECT_EQ(j.judgments.entailed(0, 1, {"Q1", "date of birth", "1596-07-08"}), true);
  EXPECT_EQ(j.judgments.answers_question(0, 1), false);
  EXPECT_EQ(j.unknown_lines, 2u);
  EXPECT_EQ(j.lines_read, 11u);

  JudgmentParse partial = parse_judgments(
      "{\"question_id\": \"q1\", \"sentence_index\": 1, \"knowledge\": [\"Q1\", \"date of birth\", \"1596-07-08\"], "
      "\"entailed\": false}\n",
      q.set, a);
  EXPECT_EQ(codes(partial.diagnostics), "0:missing_judgments");
  EXPECT_NE(partial.diagnostics.items[0].message.find("1 of 2"), std::string::npos);
}

TEST(KalmaInputs, LongLinesAndBadBytes) {
  ReadOptions options;
  options.max_line_bytes = 64;
  std::string long_line =
      "{\"question_id\": \"q\", \"kg\": [], \"minimum_knowledge\": [], \"pad\": \"" + std::string(100, 'x') + "\"}\n";
  EXPECT_EQ(codes(parse_questions(long_line, options).diagnostics), "1:line_too_long");
  std::string bad_byte = "{\"question_id\": \"\xff\", \"kg\": [], \"minimum_knowledge\": []}\n";
  EXPECT_EQ(codes(parse_questions(bad_byte).diagnostics), "1:invalid_utf8");
}

}  // namespace
