#include "caqa/kg/display_names.h"

#include <algorithm>

#include "caqa/verbalize/english.h"
#include "caqa/verbalize/qualifiers.h"

namespace caqa::kg {

DisplayNames::DisplayNames(const KnowledgeGraph& kg, const RelationProfile& profile) : kg_(kg), profile_(profile) {}

void DisplayNames::read_preferences(const TextSource& source, ProblemCounts& problems) {
  auto words = [](std::string_view list, std::string_view separator) {
    std::vector<std::string_view> out;
    for (std::size_t at = 0; at < list.size();) {
      const std::size_t end = std::min(list.find(separator, at), list.size());
      if (end > at) out.push_back(list.substr(at, end - at));
      at = end + separator.size();
    }
    return out;
  };
  for (const auto& [type_name, columns] : read_two_column_table(source, problems)) {
    const std::size_t tab = std::min(columns.find('\t'), columns.size());
    const std::string_view relations = std::string_view(columns).substr(0, tab);
    const auto forms = words(tab < columns.size() ? std::string_view(columns).substr(tab + 1) : "", " | ");
    // "*": forms for entities of any type (a KG without types: MetaQA), no order.
    const bool any = type_name == "*";
    const auto type = any ? std::optional<TypeId>(kNone) : kg_.find_type(type_name);
    if (!type) {
      problems.add("qualifiers: a type the KG lacks", source.name, type_name);
      continue;
    }
    const auto names = words(relations, " ");
    for (std::size_t i = 0; i < names.size(); ++i) {
      const auto r = kg_.find_relation(names[i]);
      if (!r) {
        problems.add("qualifiers: a relation the KG lacks", source.name, std::string(names[i]));
        continue;
      }
      if (!any) preferences_[*type].push_back(*r);
      if (i < forms.size() && forms[i] != "-") forms_[{*type, *r}] = std::string(forms[i]);
    }
  }
}

DisplayNames::Qualifier DisplayNames::qualifier(EntityId e) const {
  const EntityList group = kg_.entities_named(kg_.entity_name(e));
  if (group.size() < 2) return {};
  // The object of e along r that no other entity of the name has, the most familiar one
  // (most subjects share it) where there are several: "the singer Michael Jackson", not
  // "the dancer", which readers marked.
  auto telling = [&](RelationId r) -> EntityId {
    EntityId best = kNone;
    std::size_t best_shared = 0;
    for (const Edge& mine : kg_.out_edges(e, r)) {
      const bool own = std::none_of(group.begin(), group.end(), [&](EntityId other) {
        return other != e && kg_.has_triple({other, r, mine.other});
      });
      const std::size_t shared = kg_.in_edges(mine.other, r).size();
      if (own && (best == kNone || shared > best_shared)) {
        best = mine.other;
        best_shared = shared;
      }
    }
    return best;
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

std::string DisplayNames::name(EntityId e) const { return name(e, qualifier(e)); }

std::string DisplayNames::name(EntityId e, const Qualifier& q) const {
  std::string out(kg_.entity_name(e));
  if (q.relation != kNone) out += " (" + std::string(kg_.entity_name(q.value)) + ")";
  return out;
}

std::string DisplayNames::written_name(EntityId e, std::string* lead) const {
  return written_name(e, qualifier(e), lead);
}

std::string DisplayNames::written_name(EntityId e, const Qualifier& q, std::string* lead) const {
  if (lead) lead->clear();
  if (q.relation == kNone) return name(e, q);
  auto form = forms_.find({kg_.entity_type(e), q.relation});
  if (form == forms_.end()) form = forms_.find({kNone, q.relation});
  if (form == forms_.end()) return name(e, q);
  const std::string value(kg_.entity_name(q.value));
  std::string out = form->second;
  for (auto [slot, text] : {std::pair<std::string_view, std::string>{"{name}", std::string(kg_.entity_name(e))},
                            {"{the value}", verbalize::definite_name(value)},
                            {"{value}", value}})
    if (const std::size_t at = out.find(slot); at != std::string::npos) out.replace(at, slot.size(), text);
  if (lead) {
    // The form's words before the name, without the value: "the {value} film {name}" -> "the
    // film "; none where that leaves one word ("the {value} {name}": any "the" would match).
    const std::string_view pattern = form->second;
    const std::size_t v = pattern.find("{value}"), n = pattern.find("{name}");
    if (v < n && n != std::string_view::npos) {
      std::string words = std::string(pattern.substr(0, v)) + std::string(pattern.substr(v + 7, n - v - 7));
      for (std::size_t d = words.find("  "); d != std::string::npos; d = words.find("  ")) words.erase(d, 1);
      if (std::count(words.begin(), words.end(), ' ') >= 2) *lead = std::move(words);
    }
  }
  return out;
}

std::string DisplayNames::as_written(std::string text, std::span<const EntityId> entities) const {
  text = plain_where_told(std::move(text), entities);
  std::string lead;
  for (EntityId e : entities) {
    // The qualifier once an entity: finding it reads every namesake's edges.
    const Qualifier q = qualifier(e);
    if (q.relation == kNone) continue;
    const std::string written = written_name(e, q, &lead), qualified = name(e, q);
    if (written != qualified) text = verbalize::in_writers_form(std::move(text), qualified, written, lead);
  }
  return text;
}

std::string DisplayNames::as_written(std::string text, std::span<const Triple> facts) const {
  return as_written(std::move(text), std::span<const EntityId>(entities_of(facts)));
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

std::vector<EntityId> DisplayNames::entities_of(std::span<const Triple> facts) {
  std::vector<EntityId> entities;
  for (const Triple& t : facts)
    for (EntityId e : {t.head, t.tail})
      if (std::find(entities.begin(), entities.end(), e) == entities.end()) entities.push_back(e);
  return entities;
}

std::string DisplayNames::plain_where_told(std::string text, std::span<const Triple> facts) const {
  return plain_where_told(std::move(text), std::span<const EntityId>(entities_of(facts)));
}

bool plainly_named(const KnowledgeGraph& kg, const DisplayNames* names, EntityId e) {
  if (!kg.has_name(e) || kg.entities_named(kg.entity_name(e)).size() > 1) return false;
  return !names || names->name(e) == kg.entity_name(e);
}

}  // namespace caqa::kg
