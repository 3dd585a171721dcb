// An extended query and its answers as names: what a text rewriter's prompt shows and
// what the text checks look for (caqa/verbalize/text_rewriter.h).
#pragma once

#include <span>
#include <string>
#include <vector>

#include "caqa/kg/query_extension.h"

namespace caqa::kg {

// "(?a, directed_by, Jaws) AND (?a, born_in, Cincinnati)"; a union's branches joined by " OR ".
// `asked`: the value a negation question asks about (the denied one, or the true one it
// affirms), which its text states in place of ?a.
std::string query_text(const ExtendedQuery& query, const KnowledgeGraph& kg, EntityId asked = kNone);
// The names of the query's constant entities, each once, in order of appearance.
std::vector<std::string> query_constant_names(const ExtendedQuery& query, const KnowledgeGraph& kg);
std::vector<std::string> entity_names(std::span<const EntityId> entities, const KnowledgeGraph& kg);

}  // namespace caqa::kg
