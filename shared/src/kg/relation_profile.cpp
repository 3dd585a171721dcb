#include "caqa/kg/relation_profile.h"

#include <algorithm>

namespace caqa::kg {

namespace {

DirectionProfile count(const KnowledgeGraph& kg, RelationId r, bool from_head) {
  DirectionProfile out;
  const EntityList subjects = from_head ? kg.relation_domain(r) : kg.relation_range(r);
  const std::size_t step = subjects.size() / RelationProfile::kMaxSubjects + 1;
  for (std::size_t i = 0; i < subjects.size(); i += step) {
    const std::size_t n = (from_head ? kg.out_edges(subjects[i], r) : kg.in_edges(subjects[i], r)).size();
    if (n == 0) continue;
    ++out.subjects;
    out.single += n == 1;
    out.facts += n;
  }
  out.functional = out.subjects > 0 && out.single_share() >= RelationProfile::kFunctionalShare;
  out.generic = out.mean_objects() >= RelationProfile::kGenericMean;
  return out;
}

// The share of the entities at this end of the relation that state nothing themselves
// (no fact has them as its head): values and categories, such as years, genres, languages.
double value_share(const KnowledgeGraph& kg, RelationId r, bool at_tail) {
  const EntityList ends = at_tail ? kg.relation_range(r) : kg.relation_domain(r);
  const std::size_t step = ends.size() / RelationProfile::kMaxSubjects + 1;
  std::size_t counted = 0, values = 0;
  for (std::size_t i = 0; i < ends.size(); i += step) {
    ++counted;
    values += kg.out_edges(ends[i]).empty();
  }
  return counted == 0 ? 0.0 : static_cast<double>(values) / static_cast<double>(counted);
}

bool count_symmetric(const KnowledgeGraph& kg, RelationId r) {
  const EntityList heads = kg.relation_domain(r);
  const std::size_t step = heads.size() / RelationProfile::kMaxSubjects + 1;
  std::size_t facts = 0, mirrored = 0;
  for (std::size_t i = 0; i < heads.size(); i += step)
    for (const Edge& e : kg.out_edges(heads[i], r)) {
      ++facts;
      mirrored += kg.has_triple({e.other, r, heads[i]});
    }
  return facts > 0 && static_cast<double>(mirrored) >= RelationProfile::kSymmetricShare * static_cast<double>(facts);
}

}  // namespace

RelationProfile::RelationProfile(const KnowledgeGraph& kg) : kg_(kg) {
  by_relation_.resize(kg.relation_count());
  for (RelationId r = 0; r < kg.relation_count(); ++r) {
    Entry& e = by_relation_[r];
    e.way[0] = count(kg, r, true);
    e.way[1] = count(kg, r, false);
    for (bool from_head : {true, false}) {
      DirectionProfile& way = e.way[from_head ? 0 : 1];
      way.value_share = value_share(kg, r, from_head);
      way.values = way.value_share >= kValueShare;
    }
    e.symmetric = count_symmetric(kg, r);
    if (e.symmetric) e.way[0].functional = e.way[1].functional = false;
    // From the tail, a link holds once only in a one-to-one relation: Mark Zuckerberg
    // founded one company in the KG, yet a reader knows founders found several.
    if (!e.way[0].functional) e.way[1].functional = false;
    // Asked from a value that each subject has one of ("What was released in 1975?"): the
    // value classifies its subjects, and the world has more of them than any KG lists.
    if (e.way[0].functional && e.way[0].values) e.way[1].generic = true;
    if (e.way[0].value_share >= kMostlyValueShare) mostly_values_.push_back(r);
  }
}

bool RelationProfile::single_valued(EntityId known, RelationId relation, bool known_is_head) const {
  if (!at(relation, known_is_head).functional) return false;
  return (known_is_head ? kg_.out_edges(known, relation) : kg_.in_edges(known, relation)).size() == 1;
}

bool RelationProfile::overfull(const Triple& fact) const {
  return (at(fact.relation, true).functional && kg_.out_edges(fact.head, fact.relation).size() > 1) ||
         (at(fact.relation, false).functional && kg_.in_edges(fact.tail, fact.relation).size() > 1);
}

bool RelationProfile::mixes_values_and_things(EntityId e) const {
  if (kg_.out_edges(e).empty()) return false;
  // By relation, not by fact: a year is the object of hundreds of facts.
  return std::any_of(mostly_values_.begin(), mostly_values_.end(),
                     [&](RelationId r) { return !kg_.in_edges(e, r).empty(); });
}

std::vector<RelationProfile::Row> RelationProfile::rows() const {
  std::vector<Row> out;
  for (RelationId r = 0; r < by_relation_.size(); ++r)
    for (bool from_head : {true, false})
      out.push_back({std::string(kg_.relation_name(r)), from_head, at(r, from_head), symmetric(r)});
  return out;
}

}  // namespace caqa::kg
