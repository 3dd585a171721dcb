// Reader of the KaLMA judgments file (JSON Lines): entailment of sentence-knowledge pairs
// and "answers_question" flags, each checked against caqa's sentence split and pairs.
#include <map>
#include <tuple>

#include "caqa/kalma/inputs.h"
#include "input_lines.h"

namespace caqa::kalma {

using namespace reader;

namespace {

struct JudgmentLineReader {
  enum Key { kId, kSentenceIndex, kSentence, kKnowledge, kEntailed, kAnswersQuestion };
  JudgmentLineReader(const QuestionSet& q, const AnswerParse& a, JudgmentParse& o, Reporter& r)
      : questions(q), answers(a), out(o), report(r) {}
  detail::JsonObjectLine parser{"question_id", "sentence_index", "sentence",
                                "knowledge",   "entailed",       "answers_question"};
  const QuestionSet& questions;
  const AnswerParse& answers;
  JudgmentParse& out;
  Reporter& report;
  std::map<std::tuple<std::uint32_t, std::uint32_t, Triple>, bool> pairs;  // -> judged already
  std::map<std::tuple<std::uint32_t, std::uint32_t, Triple>, std::uint32_t> first_line;
  std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint32_t> first_answers_line;

  // The sentence the line is about, checked against caqa's split.
  std::optional<std::pair<std::uint32_t, std::uint32_t>> target(const SourceLine& line) {
    auto id = question_id(parser.field(kId), line.number, report);
    const JsonField& index = parser.field(kSentenceIndex);
    bool index_ok = index.type == JsonField::Type::Integer && index.number >= 0;
    if (index.type == JsonField::Type::Absent)
      report.error(line.number, 1, ErrorCode::MissingField, "expected a \"sentence_index\" key, found none",
                   "sentence_index is the 0-based sentence of the answer, as `caqa kalma --pairs` numbers them");
    else if (!index_ok)
      report.error(line.number, index.column, ErrorCode::BadFieldType,
                   fmt::format("expected a non-negative integer for \"sentence_index\", found {}",
                               detail::describe_found(index)));
    if (!id || !index_ok) return std::nullopt;
    auto q = questions.find(*id);
    if (!q) {
      ++out.unknown_lines;
      report.warning(line.number, parser.field(kId).column, ErrorCode::UnknownId,
                     fmt::format("expected a question_id of the questions file, found \"{}\"; the line is ignored",
                                 printable_excerpt(*id, 60)));
      return std::nullopt;
    }
    const auto& sentences = answers.answers[*q].sentences;
    auto s = static_cast<std::uint32_t>(index.number);
    if (index.number >= static_cast<double>(sentences.size())) {
      report.error(line.number, index.column, ErrorCode::JudgmentMismatch,
                   fmt::format("expected a sentence_index below {} (the answer to \"{}\" has {} sentence(s)), found {}",
                               sentences.size(), printable_excerpt(*id, 60), sentences.size(), index.text),
                   "judge the pairs that `caqa kalma --pairs` lists, with its sentence numbers");
      return std::nullopt;
    }
    const JsonField& text = parser.field(kSentence);
    if (text.type == JsonField::Type::String && normalize_space(text.text) != sentences[s].text) {
      report.error(
          line.number, text.column, ErrorCode::JudgmentMismatch,
          fmt::format("sentence {} of \"{}\" reads \"{}\", the judgment quotes \"{}\"", s, printable_excerpt(*id, 60),
                      printable_excerpt(sentences[s].text, 80), printable_excerpt(text.text, 80)),
          "judge the pairs that `caqa kalma --pairs` lists, with its sentence numbers");
      return std::nullopt;
    }
    return std::pair{*q, s};
  }

  // "entailed": true/false (or 1/0).
  std::optional<bool> flag(const SourceLine& line, Key key, std::string_view name) {
    const JsonField& f = parser.field(key);
    if (f.type == JsonField::Type::Bool) return f.text == "true";
    if (f.type == JsonField::Type::Integer && (f.text == "0" || f.text == "1")) return f.text == "1";
    report.error(line.number, f.column, ErrorCode::BadFieldType,
                 fmt::format("expected true or false for \"{}\", found {}", name, detail::describe_found(f)));
    return std::nullopt;
  }

  void pair_judgment(const SourceLine& line, std::uint32_t q, std::uint32_t s) {
    const JsonField& knowledge = parser.field(kKnowledge);
    if (parser.field(kEntailed).type == JsonField::Type::Absent) {
      report.error(line.number, knowledge.column, ErrorCode::MissingField,
                   "expected an \"entailed\" key next to \"knowledge\", found none");
      return;
    }
    auto entailed = flag(line, kEntailed, "entailed");
    std::optional<Triple> triple;
    LineDom dom(line);
    if (knowledge.type == JsonField::Type::Array)
      if (const Json* value = dom.get(knowledge, "knowledge", report)) triple = read_triple(*value, true);
    if (!triple) {
      report.error(
          line.number, knowledge.column, ErrorCode::BadTriple,
          "expected [qid, property, value] for \"knowledge\" (qid may be \"\"), with a non-empty property and value",
          std::string(kTripleHint));
      return;
    }
    if (!entailed) return;
    auto key = std::tuple{q, s, *triple};
    auto pair = pairs.find(key);
    if (pair == pairs.end()) {
      ++out.unknown_lines;
      report.warning(
          line.number, knowledge.column, ErrorCode::UnknownPair,
          fmt::format("sentence {} of \"{}\" has no pair with \"{}\"; the judgment is ignored", s,
                      printable_excerpt(questions.questions[q].id, 60), printable_excerpt(triple->hypothesis(), 80)),
          "pairs are the sentence's citations and, for [NA] sentences, the absent knowledge");
      return;
    }
    if (auto [it, added] = first_line.emplace(key, line.number); !added) {
      report.error(line.number, knowledge.column, ErrorCode::DuplicateId,
                   fmt::format("a second judgment of the same pair (first on line {})", it->second),
                   "keep one judgment per sentence-knowledge pair");
      return;
    }
    pair->second = true;
    out.judgments.set_entailed(q, s, *triple, *entailed);
  }

  void answers_judgment(const SourceLine& line, std::uint32_t q, std::uint32_t s) {
    auto answers_question = flag(line, kAnswersQuestion, "answers_question");
    if (!answers_question) return;
    if (auto [it, added] = first_answers_line.emplace(std::pair{q, s}, line.number); !added) {
      report.error(line.number, parser.field(kAnswersQuestion).column, ErrorCode::DuplicateId,
                   fmt::format("a second \"answers_question\" for the same sentence (first on line {})", it->second));
      return;
    }
    out.judgments.set_answers_question(q, s, *answers_question);
  }

  void on_line(const SourceLine& line) {
    bool has_pair = parser.field(kKnowledge).type != JsonField::Type::Absent;
    bool has_answers = parser.field(kAnswersQuestion).type != JsonField::Type::Absent;
    auto where = target(line);
    if (!has_pair && !has_answers) {
      report.error(
          line.number, 1, ErrorCode::MissingField,
          "expected \"knowledge\" and \"entailed\", or \"answers_question\", found neither",
          "{\"question_id\": \"q1\", \"sentence_index\": 0, \"knowledge\": [\"Q1\", \"occupation\", \"painter\"], "
          "\"entailed\": true}");
      return;
    }
    if (!where) return;
    if (has_pair) pair_judgment(line, where->first, where->second);
    if (has_answers) answers_judgment(line, where->first, where->second);
  }
};

}  // namespace

JudgmentParse parse_judgments(const InputText& text, const QuestionSet& questions, const AnswerParse& answers,
                              const ReadOptions& options) {
  JudgmentParse out;
  Reporter report(out.diagnostics);
  std::vector<JudgePair> pairs = judge_pairs(questions, answers.answers);
  JudgmentLineReader reader(questions, answers, out, report);
  for (const JudgePair& p : pairs) reader.pairs.emplace(std::tuple{p.question, p.sentence, p.knowledge}, false);
  std::string_view example =
      R"({"question_id": "q1", "sentence_index": 0, "knowledge": ["Q1", "occupation", "painter"], "entailed": true})";
  out.lines_read = for_each_object(text, options, reader.parser, example, report,
                                   [&](const SourceLine& line) { reader.on_line(line); });
  std::size_t missing = 0;
  std::vector<std::string> first_missing;
  for (const JudgePair& p : pairs) {
    if (reader.pairs[{p.question, p.sentence, p.knowledge}]) continue;
    if (++missing <= 3)
      first_missing.push_back(fmt::format("\"{}\" sentence {} with \"{}\"", questions.questions[p.question].id,
                                          p.sentence, printable_excerpt(p.knowledge.hypothesis(), 60)));
  }
  if (missing > 0)
    report.warning(0, 0, ErrorCode::MissingJudgments,
                   fmt::format("{} of {} sentence-knowledge pairs have no judgment (first: {})", missing, pairs.size(),
                               fmt::join(first_missing, "; ")),
                   "unjudged pairs count as not entailed; `caqa kalma --pairs` lists every pair to judge");
  report.sort();
  return out;
}

}  // namespace caqa::kalma
