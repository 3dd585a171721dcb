// The comparison level (issue 42): "Which was released first, Rushmore or The Royal
// Tenenbaums?" / "Rushmore was released in 1998, three years before The Royal Tenenbaums
// (2001) [1]." A comparison is asked of entities that share a neighbour (the same
// director, band or author: what a person would compare), along a relation whose values
// are numbers and that holds once for each of them (a release, founding or publication
// year). Its query is one branch per compared entity, (E_i, r, ?a), so grounding, the
// partially supportive edit (a value left out) and the irrelevant edit are the union's;
// G states each value, and the order is a claim that holds exactly when both are stated.
#pragma once

#include <optional>
#include <vector>

#include "caqa/kg/display_names.h"
#include "caqa/kg/query_extension.h"
#include "caqa/kg/relation_profile.h"
#include "caqa/kg/stand_ins.h"
#include "caqa/kg/subgraph_edit.h"
#include "caqa/rng.h"

namespace caqa::kg {

// A source question's constants, then its answers, each once: the entities the later
// levels ask about.
std::vector<EntityId> question_entities(const ResolvedQuery& seed, const std::vector<EntityId>& answers);

// The whole number an entity's name spells ("1998"); nullopt for any other name.
std::optional<long long> ordinal_value(const KnowledgeGraph& kg, EntityId e);

// A relation a comparison may order: functional from the head (relation_profile.h) and
// every one of its objects a number.
bool orderable(const KnowledgeGraph& kg, const RelationProfile& profile, RelationId relation);
// orderable() of every relation, by id: a build asks it once, not per question.
std::vector<bool> orderable_relations(const KnowledgeGraph& kg, const RelationProfile& profile);

// A comparison built on a seed question's entities (its constants, then its answers): the
// first that holds one value of an orderable relation, with one or two entities of its
// type that share a neighbour with it and hold other values. None is named with a
// qualifier (display_names.h): "the 1976 film King Kong" would give the answer away.
// nullopt when no entity qualifies. `orderable`: orderable_relations() of the KG.
std::optional<ExtendedQuery> comparison_query(const ResolvedQuery& seed, const std::vector<EntityId>& seed_answers,
                                              const KnowledgeGraph& kg, const RelationProfile& profile,
                                              const std::vector<bool>& orderable, const DisplayNames* names, Rng& rng);

// The compared entities, in the question's order, with their values as G states them.
struct ComparedValue {
  EntityId entity = kNone;
  EntityId value = kNone;
  long long number = 0;
};
std::vector<ComparedValue> compared_values(const ExtendedQuery& query, const Attribution& g, const KnowledgeGraph& kg);
// The index in `values` of the answer: the first by value, or the last (ExtendedQuery::latest).
std::size_t comparison_winner(const ExtendedQuery& query, const std::vector<ComparedValue>& values);

// Contradictory: one compared value replaced by another value of the relation that
// reverses the order or ties it, so the citation excludes both the value the answer
// states and its order.
std::optional<ContradictoryEdit> order_reversal(const ExtendedQuery& query, const Attribution& g,
                                                const KnowledgeGraph& kg, const StandIns& stand_ins, Rng& rng);

}  // namespace caqa::kg
