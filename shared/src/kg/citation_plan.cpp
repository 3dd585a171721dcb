// The plan of a citation's passages (citation_plan.h).
#include "citation_plan.h"

#include <algorithm>

namespace caqa::kg {

using verbalize::RelationPhrasing;
using verbalize::Slot;

namespace {

// The first phrasing of the relation from `drawn` on that starts with `slot` and that
// `accept` takes.
template <class Accept>
std::optional<std::size_t> next_phrasing(const RelationPhrasing& p, Slot slot, std::size_t drawn, Accept accept) {
  for (std::size_t k = 0; k < p.size(); ++k) {
    const std::size_t i = (drawn + k) % p.size();
    if (p.subject(i) == slot && accept(i)) return i;
  }
  return std::nullopt;
}

// A phrasing of the relation that starts with `slot`: the drawn one when it does, else the
// next that does.
std::optional<std::size_t> phrasing_about(const RelationPhrasing& p, Slot slot, std::size_t drawn) {
  return next_phrasing(p, slot, drawn, [](std::size_t) { return true; });
}

// One relation said of different subjects and objects in different phrasings where it has
// them ("Tony Todd is a citizen of the United States. Ryan Gosling holds citizenship of
// Canada."): the same words twice read as a stock sentence.
void vary_repeated_relations(std::vector<Told>& told, const PhrasingOf& phrasing) {
  for (std::size_t b = 0; b < told.size(); ++b) {
    Told& later = told[b];
    if (!later.subject_slot) continue;
    auto taken = [&](std::size_t i) {
      return std::any_of(told.begin(), told.begin() + static_cast<std::ptrdiff_t>(b),
                         [&](const Told& t) { return t.fact.relation == later.fact.relation && t.phrasing == i; });
    };
    const bool shares = std::any_of(told.begin(), told.end(), [&](const Told& t) {
      return &t != &later && t.fact.relation == later.fact.relation &&
             (t.subject == later.subject || t.other == later.other);
    });
    if (shares || !taken(later.phrasing)) continue;
    if (auto i = next_phrasing(phrasing(later.fact.relation), *later.subject_slot, later.phrasing + 1,
                               [&](std::size_t i) { return !taken(i); }))
      later.phrasing = *i;
  }
}

// Two facts of one subject whose phrasings share a verb or noun say one of them in another
// phrasing where one does not ("Alibaba Group, which was founded in 1999, was founded by
// Jack Ma" reads as a slip; "Alibaba Group, which dates from 1999, ...").
void avoid_echoes(std::vector<Told>& told, const PhrasingOf& phrasing) {
  auto echoes = [&](std::size_t f, std::size_t i) {
    const std::string said = phrasing(told[f].fact.relation).predicate(i, "");
    return std::any_of(told.begin(), told.end(), [&](const Told& t) {
      return &t != &told[f] && t.subject == told[f].subject && t.fact.relation != told[f].fact.relation &&
             t.subject_slot &&
             verbalize::shares_content_word(phrasing(t.fact.relation).predicate(t.phrasing, ""), said);
    });
  };
  auto rephrase = [&](std::size_t f) {
    const auto i = next_phrasing(phrasing(told[f].fact.relation), *told[f].subject_slot, told[f].phrasing + 1,
                                 [&](std::size_t i) { return i != told[f].phrasing && !echoes(f, i); });
    if (i) told[f].phrasing = *i;
    return i.has_value();
  };
  for (std::size_t b = 0; b < told.size(); ++b) {
    if (!told[b].subject_slot || !echoes(b, told[b].phrasing) || rephrase(b)) continue;
    for (std::size_t a = 0; a < told.size(); ++a)
      if (a != b && told[a].subject == told[b].subject && told[a].fact.relation != told[b].fact.relation &&
          told[a].subject_slot && rephrase(a) && !echoes(b, told[b].phrasing))
        break;
  }
}

}  // namespace

bool lists_objects(const RelationPhrasing& p, std::size_t i) {
  std::string pred = p.predicate(i, "\x01");
  while (!pred.empty() && pred.back() == '.') pred.pop_back();
  if (pred.empty() || pred.back() != '\x01') return false;
  pred.pop_back();
  // "includes the city of A, B and C" and "is an album by label A and B" would need the
  // noun's plural; "is the birthplace of A and B" says its noun of the subject, and lists.
  if (pred.starts_with("is the ") || pred.starts_with("was the ")) return true;
  const std::size_t space = pred.find_last_of(' ', pred.size() - 2);
  const std::string before = pred.substr(space == std::string::npos ? 0 : space + 1);
  if (before == "director " || before == "label " || before == "album " || before == "film ") return false;
  if (!pred.ends_with(" of ")) return true;
  pred.resize(pred.size() - 4);
  const std::size_t noun = pred.rfind(' ');
  return noun == std::string::npos || !(pred.substr(0, noun).ends_with(" the") || pred.substr(0, noun) == "the");
}

CitationPlan plan_citation(std::span<const Triple> triples, std::span<const std::size_t> phrasings,
                           std::size_t passages, const PhrasingOf& phrasing,
                           const std::function<bool(EntityId)>& has_facts) {
  CitationPlan w;
  for (const Triple& t : triples)
    for (EntityId e : {t.head, t.tail})
      if (std::find(w.entities.begin(), w.entities.end(), e) == w.entities.end()) w.entities.push_back(e);
  // The topic: most facts about it, heads counting twice; the first of equals. None when no
  // entity heads a fact (a plan without a topic says each fact about its head).
  EntityId topic = kNone;
  std::size_t best = 0;
  for (EntityId e : w.entities) {
    std::size_t score = 0, heads = 0;
    for (const Triple& t : triples) {
      score += (t.head == e ? 2 : 0) + (t.tail == e ? 1 : 0);
      heads += t.head == e;
    }
    // A value that is only ever a tail (a year, a continent) is no topic: "1880 is the
    // year ..." reads as filler.
    if (heads > 0 && score > best) {
      best = score;
      topic = e;
    }
  }
  auto mentions = [&](EntityId e) {
    return std::count_if(triples.begin(), triples.end(), [&](const Triple& t) { return t.head == e || t.tail == e; });
  };
  for (std::size_t k = 0; k < triples.size(); ++k) {
    const Triple& t = triples[k];
    const RelationPhrasing& p = phrasing(t.relation);
    Told told{t, std::nullopt, phrasings[k] % std::max<std::size_t>(p.size(), 1)};
    std::optional<std::size_t> chosen;
    // A fact whose head the citation names nowhere else is said about its object where the
    // passage knows that ("Newark is the birthplace of Brian De Palma", not a sentence about
    // a stranger: "Brian De Palma was born in Newark").
    // Facts of one relation with one object are said about it only in a phrasing that lists
    // ("Newark is the birthplace of A and B"); else about their heads, which then share a
    // sentence ("Miami and Berkeley are cities in the United States", not "It includes the
    // city of Miami and includes the city of Berkeley").
    const bool siblings = std::any_of(triples.begin(), triples.end(), [&](const Triple& o) {
      return o.relation == t.relation && o.tail == t.tail && o.head != t.head;
    });
    bool lists = false;
    for (std::size_t i = 0; i < p.size(); ++i) lists = lists || (p.subject(i) == Slot::Tail && lists_objects(p, i));
    const bool about_tail =
        (!siblings || lists) &&
        (t.tail == topic || (t.head != topic && mentions(t.head) == 1 && mentions(t.tail) > 1 && has_facts(t.tail)));
    if (about_tail) chosen = phrasing_about(p, Slot::Tail, told.phrasing);
    if (chosen) {
      told.subject_slot = Slot::Tail;
    } else if ((chosen = phrasing_about(p, Slot::Head, told.phrasing))) {
      told.subject_slot = Slot::Head;
    } else if ((chosen = phrasing_about(p, Slot::Tail, told.phrasing))) {
      told.subject_slot = Slot::Tail;
    }
    if (chosen) told.phrasing = *chosen;
    if (told.subject_slot) {
      told.subject = *told.subject_slot == Slot::Head ? t.head : t.tail;
      told.other = *told.subject_slot == Slot::Head ? t.tail : t.head;
    }
    w.told.push_back(told);
  }
  // One relation's facts about one subject, or with one object, in one phrasing, so that
  // they share a predicate ("starred A and B") or a sentence ("A and B were born in Paris").
  for (std::size_t a = 0; a < w.told.size(); ++a)
    for (std::size_t b = a + 1; b < w.told.size(); ++b)
      if (w.told[b].subject_slot && w.told[b].fact.relation == w.told[a].fact.relation &&
          w.told[b].subject_slot == w.told[a].subject_slot &&
          (w.told[b].subject == w.told[a].subject || w.told[b].other == w.told[a].other)) {
        // Objects of one subject in a phrasing that lists them ("is classed as thriller and
        // crime", not "which belongs to the thriller genre, belongs to the crime genre").
        const RelationPhrasing& p = phrasing(w.told[a].fact.relation);
        if (w.told[b].subject == w.told[a].subject && !lists_objects(p, w.told[a].phrasing))
          for (std::size_t i = 0; i < p.size(); ++i)
            if (p.subject(i) == w.told[a].subject_slot && lists_objects(p, i)) {
              w.told[a].phrasing = i;
              break;
            }
        w.told[b].phrasing = w.told[a].phrasing;
      }
  vary_repeated_relations(w.told, phrasing);
  avoid_echoes(w.told, phrasing);
  // Steps from the topic along the facts.
  std::vector<std::size_t> distance(w.entities.size(), w.entities.size() + 1);
  auto index = [&](EntityId e) {
    return static_cast<std::size_t>(std::find(w.entities.begin(), w.entities.end(), e) - w.entities.begin());
  };
  if (topic != kNone) distance[index(topic)] = 0;
  for (bool changed = true; changed;) {
    changed = false;
    for (const Triple& t : triples) {
      std::size_t& h = distance[index(t.head)];
      std::size_t& l = distance[index(t.tail)];
      if (h + 1 < l) l = h + 1, changed = true;
      if (l + 1 < h) h = l + 1, changed = true;
    }
  }
  std::vector<Group>& groups = w.groups;
  for (std::size_t k = 0; k < w.told.size(); ++k) {
    const Told& t = w.told[k];
    auto it = t.subject == kNone
                  ? groups.end()
                  : std::find_if(groups.begin(), groups.end(), [&](const Group& g) { return g.subject == t.subject; });
    if (it == groups.end()) {
      const std::size_t d = t.subject != kNone ? distance[index(t.subject)]
                                               : std::min(distance[index(t.fact.head)], distance[index(t.fact.tail)]);
      groups.push_back({t.subject, {k}, d, k});
    } else {
      it->facts.push_back(k);
    }
  }
  std::stable_sort(groups.begin(), groups.end(), [](const Group& a, const Group& b) {
    return a.distance != b.distance ? a.distance < b.distance : a.first < b.first;
  });
  // Two passages: the topic and what is one step from it, then the rest; a citation all
  // about one step is cut between its subjects, or within its one subject's facts.
  std::size_t& cut = w.cut;
  cut = groups.size();
  if (passages > 1 && triples.size() > 1) {
    cut = static_cast<std::size_t>(
        std::find_if(groups.begin(), groups.end(), [](const Group& g) { return g.distance > 1; }) - groups.begin());
    if (cut == groups.size()) cut = groups.size() > 1 ? (groups.size() + 1) / 2 : 1;
    if (groups.size() == 1) {
      Group rest = groups[0];
      const std::size_t half = (groups[0].facts.size() + 1) / 2;
      groups[0].facts.resize(half);
      rest.facts.erase(rest.facts.begin(), rest.facts.begin() + static_cast<std::ptrdiff_t>(half));
      groups.push_back(std::move(rest));
    }
  }
  return w;
}

}  // namespace caqa::kg
