#include "caqa/kg/question_texts.h"

#include <algorithm>

#include "caqa/kg/comparison_query.h"
#include "caqa/kg/negation_query.h"
#include "caqa/kg/query_text.h"

namespace caqa::kg {

namespace {

// G's entities as the texts name them (an answer plainly where G tells it apart,
// Verbalizer::answer_statement).
std::vector<std::string> claim_names(const Attribution& g, const KnowledgeGraph& kg, const DisplayNames* names) {
  std::vector<std::string> out;
  for (const Triple& t : g.supportive)
    for (EntityId e : {t.head, t.tail}) {
      const bool answer = std::find(g.targets.begin(), g.targets.end(), e) != g.targets.end();
      std::string name = !names   ? std::string(kg.entity_name(e))
                         : answer ? names->plain_name(e, g.supportive)
                                  : names->name(e);
      if (std::find(out.begin(), out.end(), name) == out.end()) out.push_back(std::move(name));
    }
  return out;
}

std::string shared_type(const std::vector<EntityId>& answers, const KnowledgeGraph& kg) {
  const TypeId type = answers.empty() ? kNone : kg.entity_type(answers.front());
  for (EntityId a : answers)
    if (kg.entity_type(a) != type) return {};
  return type == kNone ? std::string() : std::string(kg.type_name(type));
}

}  // namespace

QuestionTexts question_texts(std::string source_text, const ExtendedQuery& query, const Attribution& g,
                             const KnowledgeGraph& kg, const Verbalizer& verbalizer) {
  std::vector<EntityId> answered = g.targets;
  if (query.complexity == Complexity::Comparison) {
    const auto values = compared_values(query, g, kg);
    answered = {values[comparison_winner(query, values)].entity};
  }
  std::vector<std::string> asked = query_constant_names(query, kg);
  const EntityId asked_value = query.complexity != Complexity::Negation ? kNone
                               : query.denied != kNone                  ? query.denied
                                                                        : negated_fact(g).tail;
  if (asked_value != kNone) asked.emplace_back(kg.entity_name(asked_value));
  return QuestionTexts{std::move(source_text),
                       query_text(query, kg, asked_value),
                       std::move(asked),
                       entity_names(answered, kg),
                       claim_names(g, kg, verbalizer.display_names()),
                       g.supportive,
                       shared_type(answered, kg),
                       verbalizer.sub_facts(g)};
}

}  // namespace caqa::kg
