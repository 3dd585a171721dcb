// Query extension (CAQA paper, section 4.2 and Table 3; examples in Appendix B).
//  - union: a single-triple query (e0, r0, ?a) OR (e_i, r0, ?a) for the other entities
//    named like e0;
//  - head-entity intersection: a triple (x, rn, e0) or (e0, rn, x) with rn not in the
//    query, about the subject e0, which stays a constant (Appendix B: "Anna Scott, spouse,
//    Rick Scott"): a path stays a path, a tree a tree, and the answers do not change;
//  - answer-entity intersection: a new pattern (x, rn, ?a) or (?a, rn, x) whose answers
//    meet the query's.
// A single-triple query takes union whenever its subject shares its name with another
// entity that answers the same relation, asked of the first such entity only (one union
// per name and relation); else it picks one of {head, answer, none} with equal chance;
// path and tree queries one of {head, answer}. When the picked rule finds nothing, the
// others are tried in random order (for a path or tree, the query stays as it is when
// neither applies). The complexity is read off the extended structure.
#pragma once

#include <string_view>
#include <vector>

#include "caqa/complexity.h"
#include "caqa/kg/query_match.h"
#include "caqa/kg/relation_profile.h"
#include "caqa/rng.h"

namespace caqa::kg {

// Comparison and Negation make the later levels (comparison_query.h, negation_query.h).
enum class Extension : std::uint8_t { None, Union, HeadIntersection, AnswerIntersection, Comparison, Negation };
inline constexpr std::size_t kExtensionCount = 6;
std::string_view extension_name(Extension extension);

struct ExtendedQuery {
  // The query is the union of its branches (one branch unless Extension::Union); each
  // branch's variable 0 is the answer.
  std::vector<ResolvedQuery> branches;
  Extension extension = Extension::None;
  Complexity complexity = Complexity::Single;
  EntityId anchored_subject = kNone;  // head intersection: the constant the new fact is about
  EntityId new_subject = kNone;       // the constant the extension brought in
  bool latest = false;                // comparison: asks which came last, not first
  EntityId denied = kNone;            // negation: the value the question asks about, when not the answer's
};

// One triple pattern joining ?a to a constant is "single"; several branches of a union
// "union"; a chain of two or more triples "concatenation"; branches meeting at ?a
// "intersection".
Complexity complexity_of(const ExtendedQuery& query);

// With `profile`, a head intersection adds a fact that tells its subject apart, never one
// whose far end has many subjects that way (relation_profile.h, generic: "who has worked as
// an actor").
ExtendedQuery extend_query(const ResolvedQuery& query, QueryShape shape, const KnowledgeGraph& kg, Rng& rng,
                           const RelationProfile* profile = nullptr);

// Entities the extended query returns for ?a over the whole KG (answers equal to a
// constant of the query excluded); nullopt when a branch has more than `limit` bindings,
// so the set could be incomplete.
std::optional<std::vector<EntityId>> answers_of(const ExtendedQuery& query, const KnowledgeGraph& kg,
                                                std::size_t limit = 4096);

}  // namespace caqa::kg
