// Structured attribution generation (CAQA paper, section 4.3): the supportive subgraph
// G is one grounding of the extended query; the partially supportive, contradictory and
// irrelevant subgraphs are edits of it.
#pragma once

#include <optional>
#include <vector>

#include "caqa/kg/query_extension.h"

namespace caqa::kg {

struct Attribution {
  std::vector<Triple> supportive;        // G
  std::vector<EntityId> targets;         // the answers G derives, distinct
  std::vector<EntityId> branch_targets;  // per union branch
};

// One grounding per branch, chosen at random among the first bindings; nullopt when a
// branch has none.
std::optional<Attribution> ground_attribution(const ExtendedQuery& query, const KnowledgeGraph& kg, Rng& rng);

// Partially supportive: a chain loses one random triple; a tree or union loses the path
// from one subject to the answer. Single-triple queries have none.
std::optional<std::vector<Triple>> partially_supportive(const ExtendedQuery& query, const Attribution& g, Rng& rng);

// Contradictory: one target replaced, everywhere in G, by a non-answer entity of the
// same type (or, for untyped KGs, another entity the same relation leads to).
std::optional<std::vector<Triple>> contradictory(const ExtendedQuery& query, const Attribution& g,
                                                 const std::vector<EntityId>& all_answers, const KnowledgeGraph& kg,
                                                 Rng& rng);

// Irrelevant: a walk of |G| triples from the query's subject entity through relations
// the query does not use and entities G does not hold.
std::optional<std::vector<Triple>> irrelevant(const ExtendedQuery& query, const Attribution& g,
                                              const KnowledgeGraph& kg, Rng& rng);

// Verification (what each label must satisfy when the query is run on the edited subgraph).
bool derives_all(const ExtendedQuery& query, std::span<const Triple> subgraph, const std::vector<EntityId>& targets);
std::vector<EntityId> derived_answers(const ExtendedQuery& query, std::span<const Triple> subgraph);

}  // namespace caqa::kg
