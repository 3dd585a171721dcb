// The plan of a citation's passages (citation_passage.cpp writes it): which subject each
// fact is said about, in which phrasing, the subjects' order from the topic, and where a
// second passage starts. Private to the verbaliser.
#pragma once

#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "caqa/kg/graph.h"
#include "caqa/verbalize/relation_phrasing.h"

namespace caqa::kg {

// One fact as the passage says it.
struct Told {
  Triple fact;
  std::optional<verbalize::Slot> subject_slot;  // none: no phrasing starts with an end, a sentence of its own
  std::size_t phrasing = 0;
  EntityId subject = kNone, other = kNone;
};

// Facts said about one subject (or one fact said on its own).
struct Group {
  EntityId subject = kNone;
  std::vector<std::size_t> facts;  // indices into the Told list
  std::size_t distance = 0;        // steps from the topic
  std::size_t first = 0;           // first fact's place in the citation's (shuffled) order
};

struct CitationPlan {
  std::vector<Told> told;          // the facts, in the citation's order
  std::vector<EntityId> entities;  // every entity of the citation
  std::vector<Group> groups;       // in the order they are said
  std::size_t cut = 0;             // the first group of the second passage (groups.size(): one passage)
};

// Whether phrasing `i` ends with its object, so that a list of objects can take its place
// ("starred A and B", "has worked as a singer and actor"); not "includes the city of A and B".
bool lists_objects(const verbalize::RelationPhrasing& p, std::size_t i);

using PhrasingOf = std::function<const verbalize::RelationPhrasing&(RelationId)>;
// `has_facts`: whether an entity is a thing with facts of its own (a city, a film), which
// a sentence may be about, not a value (a year, a genre).
CitationPlan plan_citation(std::span<const Triple> triples, std::span<const std::size_t> phrasings,
                           std::size_t passages, const PhrasingOf& phrasing,
                           const std::function<bool(EntityId)>& has_facts);

}  // namespace caqa::kg
