#include "caqa/kg/display_names.h"

#include <algorithm>

#include "caqa/verbalize/qualifiers.h"

namespace caqa::kg {

DisplayNames::DisplayNames(const KnowledgeGraph& kg, const RelationProfile& profile) : kg_(kg), profile_(profile) {}

void DisplayNames::read_preferences(const TextSource& source, ProblemCounts& problems) {
  for (const auto& [type_name, relations] : read_two_column_table(source, problems)) {
    const auto type = kg_.find_type(type_name);
    if (!type) {
      problems.add("qualifiers: a type the KG lacks", source.name, type_name);
      continue;
    }
    auto& list = preferences_[*type];
    for (std::size_t at = 0; at < relations.size();) {
      const std::size_t end = std::min(relations.find(' ', at), relations.size());
      if (end > at) {
        if (auto r = kg_.find_relation(std::string_view(relations).substr(at, end - at)))
          list.push_back(*r);
        else
          problems.add("qualifiers: a relation the KG lacks", source.name, relations.substr(at, end - at));
      }
      at = end + 1;
    }
  }
}

DisplayNames::Qualifier DisplayNames::qualifier(EntityId e) const {
  const EntityList group = kg_.entities_named(kg_.entity_name(e));
  if (group.size() < 2) return {};
  // The first object of e along r that no other entity of the name has.
  auto telling = [&](RelationId r) -> EntityId {
    for (const Edge& mine : kg_.out_edges(e, r)) {
      const bool own = std::none_of(group.begin(), group.end(), [&](EntityId other) {
        return other != e && kg_.has_triple({other, r, mine.other});
      });
      if (own) return mine.other;
    }
    return kNone;
  };
  std::vector<RelationId> order;
  if (auto it = preferences_.find(kg_.entity_type(e)); it != preferences_.end()) {
    order = it->second;
  } else {
    for (RelationId r = 0; r < kg_.relation_count(); ++r)
      if (profile_.at(r, true).functional) order.push_back(r);
    // Values first (a year, a country's name), then the most shared objects.
    std::stable_sort(order.begin(), order.end(), [&](RelationId a, RelationId b) {
      const DirectionProfile &x = profile_.at(a, true), &y = profile_.at(b, true);
      if (x.values != y.values) return x.values;
      return profile_.at(a, false).mean_objects() > profile_.at(b, false).mean_objects();
    });
  }
  for (RelationId r : order)
    if (const EntityId value = telling(r); value != kNone) return {r, value};
  return {};
}

std::string DisplayNames::name(EntityId e) const {
  std::string out(kg_.entity_name(e));
  if (const Qualifier q = qualifier(e); q.relation != kNone) out += " (" + std::string(kg_.entity_name(q.value)) + ")";
  return out;
}

bool DisplayNames::states_qualifier(EntityId e, std::span<const Triple> facts) const {
  const Qualifier q = qualifier(e);
  return q.relation != kNone && std::find(facts.begin(), facts.end(), Triple{e, q.relation, q.value}) != facts.end();
}

std::string DisplayNames::plain_name(EntityId e, std::span<const Triple> facts) const {
  const std::string_view own = kg_.entity_name(e);
  const bool namesake = std::any_of(facts.begin(), facts.end(), [&](const Triple& t) {
    return (t.head != e && kg_.entity_name(t.head) == own) || (t.tail != e && kg_.entity_name(t.tail) == own);
  });
  const Qualifier q = qualifier(e);
  const bool linked = q.relation != kNone && std::any_of(facts.begin(), facts.end(), [&](const Triple& t) {
                        return (t.head == e && t.tail == q.value) || (t.tail == e && t.head == q.value);
                      });
  return !namesake && linked ? std::string(own) : name(e);
}

std::vector<EntityId> DisplayNames::plain_answers(std::span<const EntityId> answers,
                                                  std::span<const Triple> facts) const {
  std::vector<EntityId> out;
  for (EntityId a : answers)
    if (plain_name(a, facts) != name(a)) out.push_back(a);
  return out;
}

std::string DisplayNames::with_plain_answers(std::string text, std::span<const EntityId> answers,
                                             std::span<const Triple> facts) const {
  for (EntityId a : plain_answers(answers, facts)) {
    const std::string qualified = name(a), plain(kg_.entity_name(a));
    for (std::size_t at = text.find(qualified); at != std::string::npos; at = text.find(qualified, at + plain.size()))
      text.replace(at, qualified.size(), plain);
  }
  return text;
}

std::string DisplayNames::plain_where_told(std::string text, std::span<const EntityId> entities) const {
  for (EntityId e : entities) {
    const Qualifier q = qualifier(e);
    if (q.relation == kNone) continue;
    const std::string_view plain = kg_.entity_name(e);
    const bool namesake = std::any_of(entities.begin(), entities.end(),
                                      [&](EntityId o) { return o != e && kg_.entity_name(o) == plain; });
    text = verbalize::plain_where_told(std::move(text), name(e), plain, kg_.entity_name(q.value), namesake);
  }
  return text;
}

std::string DisplayNames::plain_where_told(std::string text, std::span<const Triple> facts) const {
  std::vector<EntityId> entities;
  for (const Triple& t : facts)
    for (EntityId e : {t.head, t.tail})
      if (std::find(entities.begin(), entities.end(), e) == entities.end()) entities.push_back(e);
  return plain_where_told(std::move(text), std::span<const EntityId>(entities));
}

}  // namespace caqa::kg
