// The KaLMA track's input files, JSON Lines (docs/kalma.md has the formats):
//   questions  {"question_id", "kg": [[qid, property, value], ...], "minimum_knowledge": [...],
//               "absent_knowledge": [...] (optional)}
//   answers    {"question_id", "answer": "text with [Q1, property: value] and [NA] citations"}
//   judgments  {"question_id", "sentence_index", "knowledge": [qid, property, value], "entailed": true}
//              and/or {"question_id", "sentence_index", "answers_question": false}
// Readers never throw; each problem is a Diagnostic with its line and column.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "caqa/errors.h"
#include "caqa/input_text.h"
#include "caqa/kalma/answer.h"
#include "caqa/kalma/judgments.h"
#include "caqa/kalma/triple.h"
#include "caqa/source_text.h"

namespace caqa::kalma {

struct ReadOptions {
  std::size_t max_line_bytes = kDefaultMaxLineBytes;
};

struct Question {
  std::string id;
  std::uint32_t line = 0;
  TripleSet kg;                     // the question's retrieved knowledge graph
  TripleSet minimum;                // its minimum knowledge set (section 2.2)
  std::optional<TripleSet> absent;  // knowledge removed from the KG (section 4.4); set when the line has the key
};

struct QuestionSet {
  std::vector<Question> questions;
  std::unordered_map<std::string, std::uint32_t> index;  // question id -> position
  std::optional<std::uint32_t> find(std::string_view id) const;
  std::size_t size() const { return questions.size(); }
};

struct QuestionParse {
  QuestionSet set;
  Diagnostics diagnostics;
};
QuestionParse parse_questions(const InputText& text, const ReadOptions& options = {});

// Answers matched to questions: answers[i] belongs to questions[i]; a question without
// an answer line gets an empty ParsedAnswer (no sentences, no citations).
struct AnswerParse {
  std::vector<ParsedAnswer> answers;
  std::vector<std::uint32_t> answer_line;  // 0 when the question has no answer
  std::size_t lines_read = 0, answered = 0, missing = 0, unknown_lines = 0, duplicate_lines = 0;
  Diagnostics diagnostics;
};
AnswerParse parse_answers(const InputText& text, const QuestionSet& questions, const ReadOptions& options = {});

struct JudgmentParse {
  Judgments judgments;
  std::size_t lines_read = 0, unknown_lines = 0;
  Diagnostics diagnostics;
};
// Needs the answers to check each judgment against caqa's sentence split and pairs.
JudgmentParse parse_judgments(const InputText& text, const QuestionSet& questions, const AnswerParse& answers,
                              const ReadOptions& options = {});

}  // namespace caqa::kalma
