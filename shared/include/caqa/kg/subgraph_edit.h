// Structured attribution generation (CAQA paper, section 4.3): the supportive subgraph
// G is one grounding of the extended query; the partially supportive, contradictory and
// irrelevant subgraphs are edits of it.
#pragma once

#include <functional>
#include <optional>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "caqa/kg/query_extension.h"
#include "caqa/kg/relation_profile.h"
#include "caqa/kg/stand_ins.h"

namespace caqa::kg {

// How one answer is derived: the triples one binding of one branch assigns to its
// patterns, in pattern order.
struct AnswerDerivation {
  std::size_t branch = 0;
  EntityId answer = kNone;
  std::vector<Triple> triples;
};

struct Attribution {
  std::vector<AnswerDerivation> derivations;  // one per (branch, answer of that branch)
  std::vector<Triple> supportive;             // G: the derivations' distinct triples, in order
  std::vector<EntityId> targets;              // every answer of the query, sorted, distinct
};

// G grounds every answer: per branch and answer, one binding chosen at random. nullopt
// when a branch has no answer or more than `limit` bindings (the answer set could then
// be incomplete).
std::optional<Attribution> ground_attribution(const ExtendedQuery& query, const KnowledgeGraph& kg, Rng& rng,
                                              std::size_t limit = 4096);

// Whether an edited subgraph reads as its label (claim_reading.h); the edits try their
// options in random order until one is accepted.
using EditCheck = std::function<bool(std::span<const Triple>)>;

// Partially supportive: one answer's chain loses one triple, its tree the path from one
// subject; a union loses one branch (its facts stay claims even where another branch
// gives the same answer). Single-triple queries have none.
std::optional<std::vector<Triple>> partially_supportive(const ExtendedQuery& query, const Attribution& g, Rng& rng,
                                                        const EditCheck& accept);

// Which link a contradictory edit changed (the manifest counts each).
enum class ContradictionRule : std::uint8_t { AnswerSwap, FunctionalLink };
inline constexpr std::size_t kContradictionRuleCount = 2;
std::string_view contradiction_rule_name(ContradictionRule rule);

struct ContradictoryEdit {
  std::vector<Triple> subgraph;
  ContradictionRule rule = ContradictionRule::AnswerSwap;
};

// Contradictory: a value swapped only along a link that holds once for the entity at its
// other end (relation_profile.h), so that the new value excludes the true one, and in that
// fact alone (the rest of G stays true). First choice, the paper's: a target replaced by a
// non-answer entity of the same type (or, for untyped KGs, another entity at the same end
// of the relation) where the link from the other end to it is single-valued ("Where was
// Spielberg born?": Cincinnati -> Chicago). Failing that, the other end of another
// single-valued link of G ("Jaws was directed by George Lucas" for "Amy Irving was married
// to Steven Spielberg, who directed Jaws"). nullopt when G has no such link.
std::optional<ContradictoryEdit> contradictory(const Attribution& g, const KnowledgeGraph& kg,
                                               const StandIns& stand_ins, const RelationProfile& profile, Rng& rng);

// Irrelevant: the query's first branch asked of another subject (a constant replaced by
// an entity at the same end of the same relation) and grounded, sharing no triple and no
// entity but the query's constants with G; failing that, one fact about the query's
// subject through a relation the query does not use (the padding of citation_facts.h
// adds the rest), never one of the relations `unsaid` marks (Verbalizer::unsaid: MetaQA's
// tags would read as a hint, "X has tags cheech marin").
std::optional<std::vector<Triple>> irrelevant(const ExtendedQuery& query, const Attribution& g,
                                              const KnowledgeGraph& kg, const StandIns& stand_ins, Rng& rng,
                                              const EditCheck& accept, const std::vector<bool>& unsaid = {});

// Verification (what each label must satisfy when the query is run on the edited subgraph).
bool derives_all(const ExtendedQuery& query, std::span<const Triple> subgraph, const std::vector<EntityId>& targets);
std::vector<EntityId> derived_answers(const ExtendedQuery& query, std::span<const Triple> subgraph);

}  // namespace caqa::kg
