// The negation level (issue 42): yes/no questions along a relation that holds once for a
// reader, not only in the KG's profile (negatable relations, data/default/negatable.tsv:
// a birthplace, a release year, the country a city lies in). "Was Steven Spielberg born in
// Chicago?" / "No, Steven Spielberg was born in Cincinnati [1]."; "Was the director of
// Jaws born in Cincinnati?" / "Yes, Jaws was directed by Steven Spielberg, who was born in
// Cincinnati [1].". The query is the plain one ((s, r, ?a), or a chain whose first link
// holds once for its subject), so G, the partially supportive edit (a chain's link left
// out) and the irrelevant edit are those of single and concatenation; a "No" answer's
// contradictory citation states the denied value itself.
#pragma once

#include <functional>
#include <optional>
#include <vector>

#include "caqa/kg/display_names.h"
#include "caqa/kg/query_extension.h"
#include "caqa/kg/relation_profile.h"
#include "caqa/kg/stand_ins.h"
#include "caqa/kg/subgraph_edit.h"
#include "caqa/rng.h"

namespace caqa::kg {

// A negation asked of a seed question's entities (its constants, then its answers): the
// first with one value along a negatable relation (`negatable`, indexed by RelationId),
// asked of it directly or, half the time where the KG allows, of an entity one link away
// that it holds once ("the director of Jaws"). Half the questions deny: they ask of a
// value of the same relation and type that is not the answer (ExtendedQuery::denied). No
// entity the question names needs a qualifier. nullopt when none qualifies.
// `names_a_subject` says whether a link's noun phrase reads as a question's subject ("the
// director of Jaws": Verbalizer::names_a_subject); only such links make chains.
std::optional<ExtendedQuery> negation_query(const ResolvedQuery& seed, const std::vector<EntityId>& seed_answers,
                                            const KnowledgeGraph& kg, const RelationProfile& profile,
                                            const StandIns& stand_ins, const std::vector<bool>& negatable,
                                            const DisplayNames* names,
                                            const std::function<bool(RelationId)>& names_a_subject, Rng& rng);

// The fact of G whose value the question asks about: the last link of the chain.
const Triple& negated_fact(const Attribution& g);

// Contradictory for a question that denies: the citation states the denied value.
std::optional<ContradictoryEdit> denied_value_stated(const ExtendedQuery& query, const Attribution& g);

}  // namespace caqa::kg
