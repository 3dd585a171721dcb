// Readers of the KaLMA questions, answers and judgments files (JSON Lines).
#include "caqa/kalma/inputs.h"

#include <algorithm>
#include <map>
#include <tuple>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "../json_object_line.h"

namespace caqa::kalma {

namespace {

using detail::JsonField;
using Json = nlohmann::json;

constexpr std::string_view kTripleHint =
    "write each knowledge triple as [\"Q212657\", \"place of birth\", \"Rome\"]: entity QID, property label, value label";

// Collects one file's diagnostics, each tied to a line.
class Reporter {
 public:
  explicit Reporter(Diagnostics& out) : out_(out) {}
  void error(std::uint32_t line, std::uint32_t column, ErrorCode code, std::string message, std::string hint = {}) {
    out_.items.push_back({code, Severity::Error, line, column, std::move(message), std::move(hint)});
  }
  void warning(std::uint32_t line, std::uint32_t column, ErrorCode code, std::string message, std::string hint = {}) {
    out_.items.push_back({code, Severity::Warning, line, column, std::move(message), std::move(hint)});
  }
  void problem(std::uint32_t line, const detail::LineProblem& p) { error(line, p.column, p.code, p.message, p.hint); }
  void sort() {
    std::stable_sort(out_.items.begin(), out_.items.end(),
                     [](const Diagnostic& a, const Diagnostic& b) { return a.line < b.line; });
  }

 private:
  Diagnostics& out_;
};

// Calls on_line(line) for every non-blank line that parses as a JSON object; reports the
// others, with an example line of this file's format as the hint.
template <class OnLine>
std::size_t for_each_object(const InputText& text, const ReadOptions& options, detail::JsonObjectLine& parser,
                            std::string_view example, Reporter& report, OnLine on_line) {
  std::size_t lines = 0;
  LineCursor cursor(text.bytes());
  SourceLine line;
  while (cursor.next(line)) {
    if (is_blank(line.text)) continue;
    ++lines;
    if (line.text.size() > options.max_line_bytes) {
      report.error(line.number, 1, ErrorCode::LineTooLong,
                   fmt::format("expected a line of at most {} bytes, found {} bytes", options.max_line_bytes,
                               line.text.size()));
      continue;
    }
    if (auto problem = parser.parse(line.text, text.readable_from(line.offset))) {
      if (problem->code == ErrorCode::MalformedJson || problem->code == ErrorCode::NotAnObject)
        problem->hint = fmt::format("each line must hold one JSON object, e.g. {}", example);
      report.problem(line.number, *problem);
      continue;
    }
    on_line(line);
  }
  return lines;
}

// The question id of a line: a string, or an integer read as its decimal text.
std::optional<std::string_view> question_id(const JsonField& field, std::uint32_t line, Reporter& report) {
  if (field.type == JsonField::Type::Absent) {
    report.error(line, 1, ErrorCode::MissingId, "expected a \"question_id\" key, found none",
                 "every line names the question it belongs to");
    return std::nullopt;
  }
  if ((field.type == JsonField::Type::String || field.type == JsonField::Type::Integer) && !field.text.empty())
    return field.text;
  report.error(line, field.column, ErrorCode::BadIdType,
               fmt::format("expected a non-empty string or an integer for \"question_id\", found {}",
                           detail::describe_found(field)));
  return std::nullopt;
}

std::string shown(const Json& value) {
  return printable_excerpt(value.dump(-1, ' ', false, Json::error_handler_t::replace), 80);
}

// The whole line as a DOM, for the nested arrays JsonObjectLine does not read; parsed
// once per line, on first use.
class LineDom {
 public:
  explicit LineDom(const SourceLine& line) : line_(line) {}
  // The value of key, or nullptr (reported) when the line cannot be read as a DOM.
  const Json* get(const JsonField& field, std::string_view key, Reporter& report) {
    if (!parsed_) {
      doc_ = Json::parse(line_.text.begin(), line_.text.end(), nullptr, false);
      parsed_ = true;
    }
    if (!doc_.is_discarded()) return &doc_[std::string(key)];
    report.error(line_.number, field.column, ErrorCode::MalformedJson,
                 fmt::format("expected valid JSON in \"{}\", found a value nlohmann::json cannot read", key));
    return nullptr;
  }

 private:
  const SourceLine& line_;
  Json doc_;
  bool parsed_ = false;
};

// One triple [qid, property, value]; qid may be empty when allow_empty_qid.
std::optional<Triple> read_triple(const Json& v, bool allow_empty_qid) {
  if (!v.is_array() || v.size() != 3) return std::nullopt;
  for (const auto& part : v)
    if (!part.is_string()) return std::nullopt;
  Triple t = make_triple(v[0].get_ref<const std::string&>(), v[1].get_ref<const std::string&>(),
                         v[2].get_ref<const std::string&>());
  if ((t.qid.empty() && !allow_empty_qid) || t.property.empty() || t.value.empty()) return std::nullopt;
  return t;
}

// A required (or optional) array of triples; nullopt when absent or unusable.
std::optional<TripleSet> read_triple_list(const SourceLine& line, LineDom& dom, const JsonField& field,
                                          std::string_view key, bool required, Reporter& report) {
  if (field.type == JsonField::Type::Absent || (!required && field.type == JsonField::Type::Null)) {
    if (required)
      report.error(line.number, 1, ErrorCode::MissingField, fmt::format("expected a \"{}\" key, found none", key),
                   std::string(kTripleHint));
    return std::nullopt;
  }
  if (field.type != JsonField::Type::Array) {
    report.error(line.number, field.column, ErrorCode::BadFieldType,
                 fmt::format("expected an array of triples for \"{}\", found {}", key, detail::describe_found(field)),
                 std::string(kTripleHint));
    return std::nullopt;
  }
  const Json* list_value = dom.get(field, key, report);
  if (!list_value) return std::nullopt;
  const Json& list = *list_value;
  std::vector<Triple> triples;
  bool ok = true;
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (auto t = read_triple(list[i], false)) {
      triples.push_back(std::move(*t));
      continue;
    }
    report.error(line.number, field.column, ErrorCode::BadTriple,
                 fmt::format("expected [qid, property, value] with three non-empty strings for item {} of \"{}\", found {}",
                             i + 1, key, shown(list[i])),
                 std::string(kTripleHint));
    ok = false;
  }
  if (!ok) return std::nullopt;
  return TripleSet(std::move(triples));
}

// Remembers the first line of each id, to report repeats.
class FirstLines {
 public:
  // 0 when id is new (and records line), else the line it was first seen on.
  std::uint32_t seen(std::string_view id, std::uint32_t line) {
    auto [it, added] = first_.emplace(std::string(id), line);
    return added ? 0 : it->second;
  }

 private:
  std::unordered_map<std::string, std::uint32_t> first_;
};

}  // namespace

std::optional<std::uint32_t> QuestionSet::find(std::string_view id) const {
  auto it = index.find(std::string(id));
  if (it == index.end()) return std::nullopt;
  return it->second;
}

QuestionParse parse_questions(const InputText& text, const ReadOptions& options) {
  enum Key { kId, kKg, kMinimum, kAbsent };
  QuestionParse out;
  Reporter report(out.diagnostics);
  detail::JsonObjectLine parser({"question_id", "kg", "minimum_knowledge", "absent_knowledge"});
  FirstLines first;
  std::string_view example = R"({"question_id": "q1", "kg": [["Q1", "occupation", "painter"]], "minimum_knowledge": []})";
  std::size_t lines = for_each_object(text, options, parser, example, report, [&](const SourceLine& line) {
    auto id = question_id(parser.field(kId), line.number, report);
    LineDom dom(line);
    auto kg = read_triple_list(line, dom, parser.field(kKg), "kg", true, report);
    auto minimum = read_triple_list(line, dom, parser.field(kMinimum), "minimum_knowledge", true, report);
    const JsonField& absent_field = parser.field(kAbsent);
    auto absent = read_triple_list(line, dom, absent_field, "absent_knowledge", false, report);
    bool absent_ok = absent || absent_field.type == JsonField::Type::Absent || absent_field.type == JsonField::Type::Null;
    if (!id || !kg || !minimum || !absent_ok) return;
    if (std::uint32_t earlier = first.seen(*id, line.number)) {
      report.error(line.number, parser.field(kId).column, ErrorCode::DuplicateId,
                   fmt::format("duplicate question_id \"{}\" (first on line {})", printable_excerpt(*id, 60), earlier),
                   "every question needs its own id");
      return;
    }
    if (absent)
      for (const Triple& t : *absent)
        if (kg->contains(t))
          report.warning(line.number, absent_field.column, ErrorCode::BadTriple,
                         fmt::format("absent knowledge [\"{}\", \"{}\", \"{}\"] is also in \"kg\"", t.qid, t.property, t.value),
                         "absent knowledge is what was removed from the retrieved KG (KaLMA section 4.4)");
    out.set.index.emplace(std::string(*id), static_cast<std::uint32_t>(out.set.questions.size()));
    out.set.questions.push_back(Question{std::string(*id), line.number, std::move(*kg), std::move(*minimum), std::move(absent)});
  });
  if (lines == 0)
    report.error(0, 0, ErrorCode::EmptyFile, "the questions file holds no questions",
                 "one JSON object per line: {\"question_id\": ..., \"kg\": [...], \"minimum_knowledge\": [...]}");
  report.sort();
  return out;
}

namespace {

// One warning per answer whose brackets could not all be read.
void report_issues(const ParsedAnswer& parsed, std::uint32_t line, std::uint32_t column, Reporter& report) {
  if (parsed.issues.empty()) return;
  std::string shown_issues;
  for (std::size_t i = 0; i < parsed.issues.size() && i < 3; ++i) {
    const CitationIssue& issue = parsed.issues[i];
    shown_issues += fmt::format("{}{} at character {} (\"{}\")", i == 0 ? "" : "; ", citation_problem_name(issue.problem),
                                issue.character, issue.excerpt);
  }
  report.warning(line, column, ErrorCode::UnparsedCitation,
                 fmt::format("{} citation problem(s) in the answer: {}{}", parsed.issues.size(), shown_issues,
                             parsed.issues.size() > 3 ? "; ..." : ""),
                 "write citations as [Q212657, property: value, property: value] or [NA]");
}

}  // namespace

AnswerParse parse_answers(const InputText& text, const QuestionSet& questions, const ReadOptions& options) {
  enum Key { kId, kAnswer };
  AnswerParse out;
  out.answers.resize(questions.size());
  out.answer_line.assign(questions.size(), 0);
  Reporter report(out.diagnostics);
  detail::JsonObjectLine parser({"question_id", "answer"});
  FirstLines first;
  std::string_view example = R"({"question_id": "q1", "answer": "She was a painter [Q1, occupation: painter]."})";
  out.lines_read = for_each_object(text, options, parser, example, report, [&](const SourceLine& line) {
    auto id = question_id(parser.field(kId), line.number, report);
    const JsonField& answer = parser.field(kAnswer);
    if (answer.type == JsonField::Type::Absent) {
      report.error(line.number, 1, ErrorCode::MissingField, "expected an \"answer\" key, found none",
                   "each line is {\"question_id\": ..., \"answer\": \"generated text with citations\"}");
    } else if (answer.type != JsonField::Type::String) {
      report.error(line.number, answer.column, ErrorCode::BadFieldType,
                   fmt::format("expected a string for \"answer\", found {}", detail::describe_found(answer)));
    }
    if (!id || answer.type != JsonField::Type::String) return;
    if (std::uint32_t earlier = first.seen(*id, line.number)) {
      ++out.duplicate_lines;
      report.error(line.number, parser.field(kId).column, ErrorCode::DuplicateId,
                   fmt::format("a second answer for question_id \"{}\" (first on line {})", printable_excerpt(*id, 60), earlier),
                   "keep one answer per question");
      return;
    }
    auto q = questions.find(*id);
    if (!q) {
      ++out.unknown_lines;
      report.warning(line.number, parser.field(kId).column, ErrorCode::UnknownId,
                     fmt::format("expected a question_id of the questions file, found \"{}\"; the line is ignored",
                                 printable_excerpt(*id, 60)),
                     "check that the answers and --questions are the same benchmark");
      return;
    }
    out.answers[*q] = parse_answer(answer.text);
    out.answer_line[*q] = line.number;
    ++out.answered;
    report_issues(out.answers[*q], line.number, answer.column, report);
  });
  std::vector<std::string_view> missing_ids;
  for (std::uint32_t q = 0; q < questions.size(); ++q) {
    if (out.answer_line[q] != 0) continue;
    ++out.missing;
    if (missing_ids.size() < 5) missing_ids.push_back(questions.questions[q].id);
  }
  if (out.missing > 0)
    report.warning(0, 0, ErrorCode::MissingPredictions,
                   fmt::format("{} of {} questions have no answer (first: {})", out.missing, questions.size(),
                               fmt::join(missing_ids, ", ")),
                   "a question without an answer counts as an answer with no citations (recall 0)");
  report.sort();
  return out;
}

namespace {

struct JudgmentLineReader {
  enum Key { kId, kSentenceIndex, kSentence, kKnowledge, kEntailed, kAnswersQuestion };
  JudgmentLineReader(const QuestionSet& q, const AnswerParse& a, JudgmentParse& o, Reporter& r)
      : questions(q), answers(a), out(o), report(r) {}
  detail::JsonObjectLine parser{"question_id", "sentence_index", "sentence", "knowledge", "entailed", "answers_question"};
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
                   fmt::format("expected a non-negative integer for \"sentence_index\", found {}", detail::describe_found(index)));
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
      report.error(line.number, text.column, ErrorCode::JudgmentMismatch,
                   fmt::format("sentence {} of \"{}\" reads \"{}\", the judgment quotes \"{}\"", s,
                               printable_excerpt(*id, 60), printable_excerpt(sentences[s].text, 80),
                               printable_excerpt(text.text, 80)),
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
      report.error(line.number, knowledge.column, ErrorCode::BadTriple,
                   "expected [qid, property, value] for \"knowledge\" (qid may be \"\"), with a non-empty property and value",
                   std::string(kTripleHint));
      return;
    }
    if (!entailed) return;
    auto key = std::tuple{q, s, *triple};
    auto pair = pairs.find(key);
    if (pair == pairs.end()) {
      ++out.unknown_lines;
      report.warning(line.number, knowledge.column, ErrorCode::UnknownPair,
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
      report.error(line.number, 1, ErrorCode::MissingField,
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
