#include "caqa/kg/negation_query.h"

#include <algorithm>
#include <cstdlib>

#include "caqa/kg/comparison_query.h"

namespace caqa::kg {

namespace {

// Questions that deny ("Was ... born in Chicago?" / "No, ..."); the others affirm.
constexpr double kDenyShare = 0.5;
// Questions asked of an entity one link away ("the director of Jaws"), where the KG allows.
constexpr double kChainShare = 0.8;
// Draws of a denied value: the nearest number among them where values are numbers, else
// the first that shares a fact with the true value (a city in the same country), else the first.
constexpr int kDeniedDraws = 12;

bool shares_a_fact(const KnowledgeGraph& kg, EntityId a, EntityId b) {
  for (const Edge& x : kg.out_edges(a))
    for (const Edge& y : kg.out_edges(b, x.relation))
      if (y.other == x.other) return true;
  return false;
}

bool is_negatable(const std::vector<bool>& negatable, RelationId r) { return r < negatable.size() && negatable[r]; }

// The value `e` holds once along a negatable relation (the first such relation by id).
std::optional<Triple> negatable_fact(const KnowledgeGraph& kg, const RelationProfile& profile,
                                     const std::vector<bool>& negatable, EntityId e, Rng& rng) {
  std::vector<Triple> options;
  for (const Edge& edge : kg.out_edges(e))
    if (is_negatable(negatable, edge.relation) && profile.single_valued(e, edge.relation, true))
      options.push_back({e, edge.relation, edge.other});
  if (options.empty()) return std::nullopt;
  return pick(options, rng);
}

std::optional<EntityId> denied_value(const KnowledgeGraph& kg, const StandIns& stand_ins, const DisplayNames* names,
                                     const Triple& fact, Rng& rng) {
  const std::vector<EntityId> exclude{fact.tail};
  const auto own = ordinal_value(kg, fact.tail);
  std::optional<EntityId> best;
  for (int i = 0; i < kDeniedDraws; ++i) {
    const auto drawn = stand_ins.at(fact.relation, false).draw(exclude, rng);
    if (!drawn) break;
    if (kg.entity_type(*drawn) != kg.entity_type(fact.tail) || !plainly_named(kg, names, *drawn)) continue;
    if (!own) {
      if (shares_a_fact(kg, *drawn, fact.tail)) return drawn;
      if (!best) best = drawn;
      continue;
    }
    const auto n = ordinal_value(kg, *drawn);
    if (n && (!best || std::llabs(*n - *own) < std::llabs(*ordinal_value(kg, *best) - *own))) best = drawn;
  }
  return best;
}

}  // namespace

std::optional<ExtendedQuery> negation_query(const ResolvedQuery& seed, const std::vector<EntityId>& seed_answers,
                                            const KnowledgeGraph& kg, const RelationProfile& profile,
                                            const StandIns& stand_ins, const std::vector<bool>& negatable,
                                            const DisplayNames* names,
                                            const std::function<bool(RelationId)>& names_a_subject, Rng& rng) {
  const std::vector<EntityId> anchors = question_entities(seed, seed_answers);
  const bool chain_first = rng.uniform() < kChainShare;
  const bool deny = rng.uniform() < kDenyShare;
  // Chains first over every entity (where drawn), then single links: a chain is the only
  // negation with a partially supportive citation.
  for (const bool chain : {chain_first, false})
    for (EntityId anchor : anchors) {
      if (!plainly_named(kg, names, anchor)) continue;
      ResolvedQuery q;
      q.variables = {"?a"};
      std::optional<Triple> asked;
      if (chain) {
        // One link the anchor holds once, to an entity with a negatable value.
        std::vector<Triple> links;
        for (const Edge& edge : kg.out_edges(anchor))
          if (names_a_subject(edge.relation) && profile.single_valued(anchor, edge.relation, true) &&
              edge.other != anchor)
            links.push_back({anchor, edge.relation, edge.other});
        for (std::size_t tries = 0; tries < 4 && !links.empty() && !asked; ++tries) {
          const Triple link = pick(links, rng);
          if (auto fact = negatable_fact(kg, profile, negatable, link.tail, rng); fact && fact->tail != anchor) {
            q.variables.push_back("?v1");
            q.patterns.push_back({Node{false, anchor}, link.relation, Node{true, 1}});
            q.patterns.push_back({Node{true, 1}, fact->relation, Node{true, 0}});
            asked = fact;
          }
        }
        if (!asked) continue;
      } else {
        asked = negatable_fact(kg, profile, negatable, anchor, rng);
        if (!asked) continue;
        q.patterns.push_back({Node{false, anchor}, asked->relation, Node{true, 0}});
      }
      ExtendedQuery out;
      out.extension = Extension::Negation;
      out.complexity = Complexity::Negation;
      if (deny) {
        const auto denied = denied_value(kg, stand_ins, names, *asked, rng);
        if (!denied) continue;
        out.denied = *denied;
      } else if (!plainly_named(kg, names, asked->tail)) {
        continue;  // "Was Tom Cruise born in Syracuse in the United States?" asks stiffly
      }
      out.branches.push_back(std::move(q));
      return out;
    }
  return std::nullopt;
}

const Triple& negated_fact(const Attribution& g) { return g.supportive.back(); }

std::optional<ContradictoryEdit> denied_value_stated(const ExtendedQuery& query, const Attribution& g) {
  if (query.denied == kNone || g.supportive.empty()) return std::nullopt;
  ContradictoryEdit out{g.supportive, ContradictionRule::FunctionalLink};
  out.subgraph.back().tail = query.denied;
  return out;
}

}  // namespace caqa::kg
