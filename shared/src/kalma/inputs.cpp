// Readers of the KaLMA questions and answers files (JSON Lines); judgments_reader.cpp reads
// the judgments.
#include "caqa/kalma/inputs.h"

#include "input_lines.h"

namespace caqa::kalma {

using namespace reader;

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
  std::string_view example =
      R"({"question_id": "q1", "kg": [["Q1", "occupation", "painter"]], "minimum_knowledge": []})";
  std::size_t lines = for_each_object(text, options, parser, example, report, [&](const SourceLine& line) {
    auto id = question_id(parser.field(kId), line.number, report);
    LineDom dom(line);
    auto kg = read_triple_list(line, dom, parser.field(kKg), "kg", true, report);
    auto minimum = read_triple_list(line, dom, parser.field(kMinimum), "minimum_knowledge", true, report);
    const JsonField& absent_field = parser.field(kAbsent);
    auto absent = read_triple_list(line, dom, absent_field, "absent_knowledge", false, report);
    bool absent_ok =
        absent || absent_field.type == JsonField::Type::Absent || absent_field.type == JsonField::Type::Null;
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
          report.warning(
              line.number, absent_field.column, ErrorCode::BadTriple,
              fmt::format("absent knowledge [\"{}\", \"{}\", \"{}\"] is also in \"kg\"", t.qid, t.property, t.value),
              "absent knowledge is what was removed from the retrieved KG (KaLMA section 4.4)");
    out.set.index.emplace(std::string(*id), static_cast<std::uint32_t>(out.set.questions.size()));
    out.set.questions.push_back(
        Question{std::string(*id), line.number, std::move(*kg), std::move(*minimum), std::move(absent)});
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
    shown_issues += fmt::format("{}{} at character {} (\"{}\")", i == 0 ? "" : "; ",
                                citation_problem_name(issue.problem), issue.character, issue.excerpt);
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
      report.error(
          line.number, parser.field(kId).column, ErrorCode::DuplicateId,
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

}  // namespace caqa::kalma
