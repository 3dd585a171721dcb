// What the question importers return (QuestionImport), and how imported questions ground
// in a loaded knowledge graph: a question is grounded when every constant entity and
// relation of its query exists in the KG and the query returns at least one of the
// question's answers. Otherwise it is counted under one reason, checked in this order:
// unknown entity, unknown relation, query returns nothing, none of the question's answers,
// evaluation limit.
//
// Freebase spellings are reconciled with the KG's before the lookup (docs/importers.md):
// a key is tried as written, then as a normalised mid ("/m/0abc" <-> "m.0abc"); a
// relation as written, then as a path ("film.actor.film" <-> "/film/actor/film"); and a
// mediator variable ?m between (s, r1, ?m) and (?m, r2, o), used by no other pattern,
// becomes the single relation "/r1./r2" when the KG has it (FB15k-237 stores CVT paths
// that way).
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "caqa/kg/graph.h"
#include "caqa/kg/logical_query.h"
#include "caqa/kg/problem_counts.h"

namespace caqa::kg {

// The result of one importer run: read == questions.size() + skipped.total().
struct QuestionImport {
  std::vector<Question> questions;
  std::size_t read = 0;   // question records read
  ProblemCounts skipped;  // one count per skipped question, by reason
  ProblemCounts input;    // input problems that are not questions (e.g. extra qtype lines)
  std::size_t imported() const { return questions.size(); }
};

// "NAME: read R, imported I, skipped S" then one indented line per reason with an example.
std::string format_import_summary(std::string_view name, const QuestionImport& import);

enum class GroundingStatus : std::uint8_t {
  Grounded,
  UnknownEntity,
  UnknownRelation,
  NoResult,         // the query returns nothing in the KG
  NoGoldAnswer,     // it returns entities, none of them among the question's answers
  EvaluationLimit,  // the join passed GroundingOptions::max_steps
};
std::string_view grounding_status_name(GroundingStatus status);

struct GroundingOptions {
  std::size_t max_steps = 2'000'000;  // edges visited per question before giving up
};

struct Grounding {
  GroundingStatus status = GroundingStatus::NoResult;
  std::string detail;                   // the unknown key or relation
  std::vector<EntityId> answers;        // ?a bindings, sorted (all of them)
  std::size_t gold_answers_found = 0;   // how many of the question's answers are among them
  std::vector<std::string> compressed;  // mediator variables folded into "/r1./r2" relations
  // Intermediate variables bound in some solution, never to a named entity.
  std::vector<std::string> unnamed_variables;
};

Grounding ground_question(const Question& question, const KnowledgeGraph& kg, const GroundingOptions& options = {});

struct GroundingReport {
  std::size_t questions = 0;
  std::size_t grounded = 0;
  std::size_t grounded_through_compressed_cvt = 0;
  ProblemCounts not_grounded;  // by reason (grounding_status_name), question ids as examples
};

GroundingReport ground_questions(std::span<const Question> questions, const KnowledgeGraph& kg,
                                 const GroundingOptions& options = {});
std::string format_grounding_report(std::string_view name, const GroundingReport& report);

}  // namespace caqa::kg
