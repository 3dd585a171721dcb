#include "caqa/kg/answerability.h"

#include <algorithm>
#include <map>

namespace caqa::kg {

namespace {

// A link "mostly holds once" asked that way when this share of its subjects have one object
// (CitationFacts::kNearFunctionalShare's reading of "mostly").
constexpr double kMostlyOnce = 0.8;

// A pattern with the answer at one end, and whether it is asked from its head (the answer
// its tail).
struct AnswerLink {
  const ResolvedPattern& pattern;
  bool from_head;
};

std::vector<AnswerLink> answer_links(const ResolvedQuery& branch) {
  const Node answer{true, 0};
  std::vector<AnswerLink> out;
  for (const ResolvedPattern& p : branch.patterns)
    if (p.head == answer || p.tail == answer) out.push_back({p, p.tail == answer});
  return out;
}

// Every link that leads to the answer is one the KG, asked that way, answers with many
// objects on average (relation_profile.h, generic): "Who has worked as an aviator?",
// "Which cities are in Mexico?". The world has more answers than the KG lists, so the
// answer statement could not be complete.
bool asks_only_generic_links(const ExtendedQuery& query, const RelationProfile& profile) {
  const auto links = answer_links(query.branches[0]);
  return std::all_of(links.begin(), links.end(),
                     [&](const AnswerLink& l) { return profile.at(l.pattern.relation, l.from_head).generic; });
}

// The only link to the answer asks the many side of a relation that holds once the other
// way ("Which films did John Ford direct?", "Which organizations are headquartered in
// Dublin?"): every film has its director, and the world has more of them than the KG.
bool asks_the_many_side_only(const ExtendedQuery& query, const RelationProfile& profile) {
  const auto links = answer_links(query.branches[0]);
  if (links.size() != 1) return false;
  const auto& [p, from_head] = links.front();
  return !profile.at(p.relation, from_head).functional && profile.at(p.relation, !from_head).functional;
}

// A direction that names a set the world has more of than any KG lists: the inverse of a
// relation that does not hold once ("the films directed by Ben Affleck", "the books
// written by Oscar Wilde", "the people born in Lille"). A symmetric link ("the spouses
// of") names a few.
bool names_an_open_set(const RelationProfile& profile, RelationId relation, bool from_head) {
  return !from_head && !profile.at(relation, false).functional && !profile.symmetric(relation);
}

// Every link to the answer names an open set or a large class (generic), and at most one
// narrows it: "Which film was produced by David Heyman and is from the United Kingdom?",
// "Who studied at Yale, has worked as a politician and is a citizen of the United
// States?", "Which films did Craig T. Nelson star in?". Two open sets meet in a few
// ("Which film was produced by Barbara Broccoli and starred Eva Green?").
bool asks_an_open_class(const ExtendedQuery& query, const RelationProfile& profile) {
  for (const ResolvedQuery& branch : query.branches) {
    std::size_t narrowing = 0;
    bool all_open = true;
    for (const auto& [p, from_head] : answer_links(branch)) {
      const bool generic = profile.at(p.relation, from_head).generic;
      all_open = all_open && (generic || names_an_open_set(profile, p.relation, from_head));
      narrowing += !generic;
    }
    if (all_open && narrowing <= 1) return true;
  }
  return false;
}

// A middle of the question (a variable other than the answer) is reached, from the end
// farther from the answer, along a direction that names an open set (names_an_open_set).
bool asks_through_an_open_set(const ExtendedQuery& query, const RelationProfile& profile) {
  const Node answer{true, 0};
  for (const ResolvedQuery& branch : query.branches) {
    // Links from the answer, counted breadth first over the branch's patterns.
    std::map<std::pair<bool, std::uint32_t>, std::size_t> hops{{{true, 0}, 0}};
    const auto key = [](const Node& n) { return std::pair{n.variable, n.id}; };
    for (bool grew = true; grew;) {
      grew = false;
      for (const ResolvedPattern& p : branch.patterns) {
        const auto h = hops.find(key(p.head)), t = hops.find(key(p.tail));
        if ((h == hops.end()) == (t == hops.end())) continue;
        const std::size_t next = (h != hops.end() ? h->second : t->second) + 1;
        hops.emplace(h != hops.end() ? key(p.tail) : key(p.head), next);
        grew = true;
      }
    }
    for (const ResolvedPattern& p : branch.patterns) {
      const auto h = hops.find(key(p.head)), t = hops.find(key(p.tail));
      if (h == hops.end() || t == hops.end() || h->second == t->second) continue;
      const bool from_head = h->second > t->second;
      const Node& reached = from_head ? p.tail : p.head;
      // Forward, a link subjects mostly hold several times names one of several: "the
      // producer of Back to the Future" (it had three).
      const bool one_of_several =
          from_head && !profile.symmetric(p.relation) && profile.at(p.relation, true).single_share() < kMostlyOnce;
      if (reached.variable && !(reached == answer) &&
          (names_an_open_set(profile, p.relation, from_head) || one_of_several))
        return true;
    }
  }
  return false;
}

// The answer's only link (in some branch) is one of several a subject usually has: "What
// is the occupation of Jaden Smith?", "Who starred in Oldboy?", "Which award did Moonlight
// win?", "Where did Bill Gates study?". The KG lists some; a reader who knows the world
// names others the answer leaves out (blind readers flagged them, issue 40). Asked of a
// link that mostly holds once (a director, a birthplace), the KG's answer is the world's.
// A union asks each namesake's own list ("What genre is each of the two films named
// Gaslight?"), read as what the KG lists; only a link almost no subject holds once (a cast)
// leaves it open there.
bool asks_one_of_many(const ExtendedQuery& query, const RelationProfile& profile) {
  // Asked alone, the answer's link must hold once for nearly every subject: a spouse (82% of
  // people have one in the KG), an award (87%), a country of origin (89%), a university
  // (90%) have readers name a second.
  constexpr double kNearlyAlwaysOnce = 0.9;
  constexpr double kAlmostNeverOnce = 0.2;
  const double below = query.branches.size() > 1 ? kAlmostNeverOnce : kNearlyAlwaysOnce;
  return std::any_of(query.branches.begin(), query.branches.end(), [&](const ResolvedQuery& branch) {
    const auto links = answer_links(branch);
    if (links.size() != 1) return false;
    const auto& [p, from_head] = links.front();
    return profile.at(p.relation, from_head).single_share() < below;
  });
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
  if (asks_an_open_class(query, profile))
    return "open question: every link to the answer names an open set or a large class, and one at most narrows it";
  if (asks_through_an_open_set(query, profile))
    return "open question: a middle of the question is a set the world has more of (the films directed by X)";
  if (asks_one_of_many(query, profile))
    return "open question: the answer's only link is one of several a subject usually has";
  if (grounds_on_a_merged_entity(g, profile))
    return "a fact of G has a second value where its relation holds once, or names a value that is also a thing";
  return misleading_names(g, names);
}

}  // namespace caqa::kg
