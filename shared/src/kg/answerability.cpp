#include "caqa/kg/answerability.h"

#include <algorithm>

namespace caqa::kg {

namespace {

// Every link that leads to the answer is one the KG, asked that way, answers with many
// objects on average (relation_profile.h, generic): "Who has worked as an aviator?",
// "Which cities are in Mexico?". The world has more answers than the KG lists, so the
// answer statement could not be complete.
bool asks_only_generic_links(const ExtendedQuery& query, const RelationProfile& profile) {
  const Node answer{true, 0};
  for (const ResolvedPattern& p : query.branches[0].patterns) {
    if (!(p.head == answer || p.tail == answer)) continue;
    if (!profile.at(p.relation, p.tail == answer).generic) return false;
  }
  return true;
}

// The only link to the answer asks the many side of a relation that holds once the other
// way ("Which films did John Ford direct?", "Which organizations are headquartered in
// Dublin?"): every film has its director, and the world has more of them than the KG.
bool asks_the_many_side_only(const ExtendedQuery& query, const RelationProfile& profile) {
  const Node answer{true, 0};
  std::size_t links = 0;
  bool many_side = false;
  for (const ResolvedPattern& p : query.branches[0].patterns) {
    if (!(p.head == answer || p.tail == answer)) continue;
    ++links;
    const bool from_head = p.tail == answer;
    many_side = !profile.at(p.relation, from_head).functional && profile.at(p.relation, !from_head).functional;
  }
  return links == 1 && many_side;
}

// A fact of G holds more than once where its relation holds once (relation_profile.h,
// overfull): a merged title, a film by two directors; or names an entity that is both a
// value and a thing (MetaQA's "2012").
bool grounds_on_a_merged_entity(const Attribution& g, const RelationProfile& profile) {
  return std::any_of(g.supportive.begin(), g.supportive.end(), [&](const Triple& t) {
    return profile.overfull(t) || profile.mixes_values_and_things(t.head) || profile.mixes_values_and_things(t.tail);
  });
}

// Why the names of G would mislead a reader (display_names.h), if they would: an entity
// that shares its name with another and that no fact tells apart, or a fact of G that its
// subject's qualifier already states ("When was A Star Is Born (1937) released?").
std::optional<std::string> misleading_names(const Attribution& g, const DisplayNames* names) {
  if (!names) return std::nullopt;
  for (const Triple& t : g.supportive) {
    for (EntityId e : {t.head, t.tail})
      if (names->shared(e) && names->qualifier(e).relation == kNone)
        return "names an entity that shares its name and that no fact tells apart";
    if (const auto q = names->qualifier(t.head); q.relation == t.relation && q.value == t.tail)
      return "asks what an entity's qualifier already says";
    for (EntityId e : {t.head, t.tail})
      if (const auto q = names->qualifier(e);
          q.relation != kNone && std::binary_search(g.targets.begin(), g.targets.end(), q.value))
        return "an entity's qualifier names the answer";
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> unanswerable(const ExtendedQuery& query, const Attribution& g,
                                        const RelationProfile& profile, const DisplayNames* names) {
  if (asks_only_generic_links(query, profile)) return "open question: every link to the answer is generic";
  if (asks_the_many_side_only(query, profile))
    return "open question: asks the many side of a link that holds once the other way";
  if (grounds_on_a_merged_entity(g, profile))
    return "a fact of G has a second value where its relation holds once, or names a value that is also a thing";
  return misleading_names(g, names);
}

}  // namespace caqa::kg
