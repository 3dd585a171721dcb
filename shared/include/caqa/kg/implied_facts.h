// Facts a reader infers from another one (issue 33, docs/benchmark.md): "Mexico City is
// the capital of Mexico" says that it is a city in Mexico; "Ingmar Bergman wrote the
// screenplay of Persona" says that he has worked as a screenwriter. A citation that states
// the first supports a claim of the second, so the label checks read both. A small table
// per KG (data/default/implied_facts.tsv), one rule a line:
//   relation[ tail-key]<TAB>head-term relation tail-term
// for every fact of the relation (whose tail is that entity, when a key follows it); each
// term is `{head}` or `{tail}` (the ends of the fact that implies) or an entity key:
//   capital_of	{head} country {tail}
//   written_by	{tail} occupation occupation/screenwriter
//   won_award award/academy_award_best_actor	{head} occupation occupation/actor
// A relation the KG states both ways (relation_profile.h, symmetric) implies its mirror
// image without a line.
#pragma once

#include <span>
#include <vector>

#include "caqa/kg/kg_text.h"
#include "caqa/kg/relation_profile.h"

namespace caqa::kg {

class ImpliedFacts {
 public:
  ImpliedFacts() = default;
  // Rules naming a relation or entity the KG lacks are skipped and counted (the table may
  // serve several KGs).
  static ImpliedFacts parse(const TextSource& source, const KnowledgeGraph& kg, ProblemCounts& problems);

  std::size_t size() const { return rules_; }
  // `facts` and what they imply (symmetric mirror images included), sorted and distinct.
  std::vector<Triple> closure(std::span<const Triple> facts, const RelationProfile& profile) const;

 private:
  // A term: the implying fact's head or tail, or an entity.
  struct Term {
    enum Kind : std::uint8_t { Head, Tail, Entity } kind = Head;
    EntityId entity = kNone;
  };
  struct Rule {
    EntityId when_tail = kNone;  // kNone: any tail
    Term head;
    RelationId relation;
    Term tail;
  };
  std::vector<std::vector<Rule>> by_relation_;  // indexed by the implying fact's relation
  std::size_t rules_ = 0;
};

}  // namespace caqa::kg
