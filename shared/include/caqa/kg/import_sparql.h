// Freebase KGQA datasets with SPARQL, as JSON Lines (the ToG copies in /work/shared/data):
//   WebQSP  {"QuestionId", "RawQuestion", "Parses": [{"Sparql", "InferentialChain",
//            "Answers": [{"AnswerType": "Entity"|"Value", "AnswerArgument": mid}]}]}
//   GrailQA {"qid", "question", "answer": [{"answer_type", "answer_argument"}], "sparql_query"}
//   CWQ     {"ID", "question", "sparql", "answer": one name, "webqsp_ID"}
// The query is the SPARQL read by parse_question_sparql (question_sparql.h); WebQSP uses its first
// parse with answers. Variables are renamed: the projected one to ?a, the others to ?v1,
// ?v2 ... in order of first appearance. Answers are mids ("m.0abc"); questions with literal
// answers are skipped. Every skipped question is counted under one reason.
//
// Mediator (CVT) nodes (CAQA paper, Appendix C: a path through a CVT counts as one hop):
// the patterns are kept and the mediator variables are recorded in Question::source as
// "<dataset>+cvt:?v1[,?v2]". A variable is a mediator when
//   - WebQSP: it joins the two relations of the parse's InferentialChain (WebQSP's
//     annotation: a two-relation chain passes a CVT node; checked on the test set, every
//     one of them is a CVT type);
//   - GrailQA and CWQ, with SparqlImportOptions::kg: it is intermediate (not ?a) and, in
//     that KG, it is folded into a compressed CVT relation ("/r1./r2") or bound in some
//     solution and never to a named entity. Without a KG nothing is marked.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "caqa/kg/grounding_report.h"
#include "caqa/kg/kg_text.h"

namespace caqa::kg {

// WebQSP answers' names per question: resolves CWQ's answer names (CWQ questions point to
// their WebQSP question by webqsp_ID, and their answer is usually among its answers).
class AnswerNameIndex {
 public:
  void add(std::string_view question_id, std::string_view name, std::string_view mid);
  // The mids named `name` among question_id's answers (empty when none).
  std::vector<std::string> find(std::string_view question_id, std::string_view name) const;
  std::size_t questions() const { return by_question_.size(); }

 private:
  std::map<std::string, std::map<std::string, std::vector<std::string>, std::less<>>, std::less<>> by_question_;
};

AnswerNameIndex webqsp_answer_names(const TextSource& webqsp_jsonl, ProblemCounts& problems);

struct SparqlImportOptions {
  const KnowledgeGraph* kg = nullptr;             // mediator rule for GrailQA/CWQ; CWQ answer names
  const AnswerNameIndex* answer_names = nullptr;  // CWQ answer names, tried before kg
};

QuestionImport import_webqsp(const TextSource& jsonl, const SparqlImportOptions& options = {});
QuestionImport import_grailqa(const TextSource& jsonl, const SparqlImportOptions& options = {});
// CWQ answers are names: resolved through options.answer_names (the WebQSP question's answers),
// then options.kg (a unique entity of that name); unresolved questions are skipped.
QuestionImport import_cwq(const TextSource& jsonl, const SparqlImportOptions& options = {});

// The mediator marks of Question::source.
inline constexpr std::string_view kCvtTag = "+cvt:";
std::vector<std::string> cvt_variables(const Question& question);
bool is_cvt_mediated(const Question& question);
std::string_view source_dataset(const Question& question);  // "webqsp" of "webqsp+cvt:?v1"
void set_cvt_variables(Question& question, const std::vector<std::string>& variables);
// Mediator variables of a question by the KG rule above.
std::vector<std::string> kg_mediator_variables(const Question& question, const KnowledgeGraph& kg);
// Hops counting each mediator's patterns as one (an n-ary fact through a CVT is one hop):
// patterns - sum over mediators of (patterns touching it - 1).
std::size_t hop_count(const Question& question);

}  // namespace caqa::kg
