// The KaLMA report as JSON (keys in a fixed order, undefined values null) and the
// pairs-to-judge list as JSON Lines.
#include <cmath>

#include <nlohmann/json.hpp>

#include "caqa/kalma/report.h"
#include "caqa/version.h"

namespace caqa::kalma {

namespace {

using OrderedJson = nlohmann::ordered_json;

// Replaces invalid UTF-8 instead of throwing: reports quote user input.
std::string dump(const OrderedJson& j, int indent) {
  return j.dump(indent, ' ', false, OrderedJson::error_handler_t::replace);
}
OrderedJson number(double v) { return std::isfinite(v) ? OrderedJson(v) : OrderedJson(nullptr); }
OrderedJson name_or_null(const std::string& s) { return s.empty() ? OrderedJson(nullptr) : OrderedJson(s); }
OrderedJson triple_json(const Triple& t) { return OrderedJson::array({t.qid, t.property, t.value}); }

OrderedJson quality_json(const CitationQuality& q) {
  auto scale = [](double correctness, double precision, double recall, double f1) {
    return OrderedJson{{"correctness", number(correctness)},
                       {"precision", number(precision)},
                       {"recall", number(recall)},
                       {"f1", number(f1)}};
  };
  OrderedJson j;
  j["micro"] = scale(q.correctness_micro, q.precision_micro, q.recall_micro, q.f1_micro);
  j["macro"] = scale(q.correctness_macro, q.precision_macro, q.recall_macro, q.f1_macro);
  j["n_citations"] = q.total.citations;
  j["n_correct"] = q.total.correct;
  j["n_precise"] = q.total.precise;
  j["n_minimum_knowledge"] = q.total.knowledge;
  j["n_recalled"] = q.total.recalled;
  j["n_answers"] = q.answers;
  j["n_answers_with_citations"] = q.answers_with_citations;
  j["n_answers_with_knowledge"] = q.answers_with_knowledge;
  return j;
}

OrderedJson na_json(const ConsciousIncompetence& c) {
  OrderedJson j{{"precision", number(c.precision)}, {"recall", number(c.recall)}, {"f1", number(c.f1)}};
  j.update(OrderedJson{{"n_questions", c.questions},
                       {"n_na_sentences", c.na_sentences},
                       {"n_na_sentences_correct", c.na_sentences_correct},
                       {"n_na_sentences_off_topic", c.na_sentences_off_topic},
                       {"n_absent_knowledge", c.absent},
                       {"n_absent_recalled", c.absent_recalled},
                       {"n_pairs", c.pairs},
                       {"n_judged", c.judged}});
  return j;
}

OrderedJson problems_json(const KalmaReport& r) {
  OrderedJson by_problem;
  for (int p = 0; p < kCitationProblemCount; ++p)
    by_problem[std::string(citation_problem_name(static_cast<CitationProblem>(p)))] = r.issues_by_problem[p];
  OrderedJson examples = OrderedJson::array();
  for (const IssueExample& e : r.issue_examples)
    examples.push_back(OrderedJson{{"question_id", e.question_id},
                                   {"line", e.line},
                                   {"character", e.issue.character},
                                   {"problem", std::string(citation_problem_name(e.issue.problem))},
                                   {"text", e.issue.excerpt}});
  return OrderedJson{{"count", r.issues}, {"by_problem", by_problem}, {"examples", examples}};
}

}  // namespace

std::string kalma_json(const KalmaReport& r) {
  OrderedJson j{{"report", "kalma"},
                {"caqa_version", kVersion},
                {"schema_version", kKalmaSchemaVersion},
                {"signature", r.signature},
                {"questions", r.sources.questions},
                {"answers", r.sources.answers},
                {"judgments", name_or_null(r.sources.judgments)}};
  j["counts"] = OrderedJson{{"n_questions", r.questions},
                            {"n_answer_lines", r.answer_lines},
                            {"n_answered", r.answered},
                            {"n_missing_answers", r.missing_answers},
                            {"n_unknown_answer_lines", r.unknown_answer_lines},
                            {"n_sentences", r.sentences},
                            {"n_citation_brackets", r.brackets},
                            {"n_na_marks", r.na_marks},
                            {"n_na_sentences", r.na_sentences},
                            {"n_judgment_lines", r.judgment_lines},
                            {"n_ignored_judgment_lines", r.ignored_judgment_lines}};
  j["citation_quality"] = quality_json(r.quality);
  j["alignment"] = OrderedJson{{"score", number(r.alignment.score)},
                               {"n_pairs", r.alignment.pairs},
                               {"n_judged", r.alignment.judged},
                               {"n_entailed", r.alignment.entailed}};
  j["conscious_incompetence"] = na_json(r.na);
  j["citation_problems"] = problems_json(r);
  return dump(j, 2);
}

std::string kalma_pairs_jsonl(const QuestionSet& questions, const AnswerParse& answers) {
  std::string out;
  for (const JudgePair& p : judge_pairs(questions, answers.answers)) {
    OrderedJson uses = OrderedJson::array();
    if (p.alignment) uses.push_back("alignment");
    if (p.na) uses.push_back("na");
    OrderedJson line{{"question_id", questions.questions[p.question].id},
                     {"sentence_index", p.sentence},
                     {"sentence", answers.answers[p.question].sentences[p.sentence].text},
                     {"knowledge", triple_json(p.knowledge)},
                     {"hypothesis", p.knowledge.hypothesis()},
                     {"for", uses}};
    out += dump(line, -1) + "\n";
  }
  return out;
}

}  // namespace caqa::kalma
