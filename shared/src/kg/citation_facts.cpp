#include "caqa/kg/citation_facts.h"
#include "caqa/rng.h"

#include <algorithm>
#include <optional>
#include <set>
#include <utility>

namespace caqa::kg {

namespace {

// Hubs ("United States", "English") have thousands of edges; a sample of them is enough.
constexpr std::size_t kEdgesPerEntity = 128;
// Entities one ring beyond the question's whose facts may pad a citation.
constexpr std::size_t kStrayEntities = 16;

template <class T>
void sort_distinct(std::vector<T>& v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
}

bool contains(const std::vector<Triple>& facts, const Triple& t) {
  return std::find(facts.begin(), facts.end(), t) != facts.end();
}

std::uint64_t bit_of(EntityId e) { return std::uint64_t{1} << (e & 63); }

bool mentions(const std::vector<Triple>& facts, EntityId e) {
  return std::any_of(facts.begin(), facts.end(), [&](const Triple& t) { return t.head == e || t.tail == e; });
}

// Up to kEdgesPerEntity edges of `e` as triples, an evenly spaced deterministic sample of larger lists.
template <class Keep>
std::vector<Triple> edges_of(const KnowledgeGraph& kg, EntityId e, Keep keep) {
  std::vector<Triple> out;
  auto add = [&](const EdgeList& edges, bool outgoing) {
    std::size_t step = edges.size() / kEdgesPerEntity + 1;
    for (std::size_t i = 0; i < edges.size(); i += step) {
      Triple t = outgoing ? Triple{e, edges[i].relation, edges[i].other} : Triple{edges[i].other, edges[i].relation, e};
      if (t.head != t.tail && keep(t)) out.push_back(t);
    }
  };
  add(kg.out_edges(e), true);
  add(kg.in_edges(e), false);
  return out;
}

}  // namespace

CitationFacts::CitationFacts(const ExtendedQuery& query, const Attribution& g, const KnowledgeGraph& kg,
                             const RelationProfile& profile, const std::vector<bool>& unsaid,
                             const ImpliedFacts* implied)
    : query_(query), profile_(profile), implied_(implied), supportive_(g.supportive) {
  std::vector<RelationId> used;
  std::vector<EntityId> constants;
  for (const auto& branch : query.branches)
    for (const auto& p : branch.patterns) {
      used.push_back(p.relation);
      for (const Node& n : {p.head, p.tail})
        if (!n.variable) constants.push_back(n.id);
    }
  sort_distinct(used);
  sort_distinct(constants);
  // Every entity the answer statement names (it states all of G): whether the citation
  // names one must not tell the labels apart.
  for (EntityId c : constants)
    if (kg.has_name(c)) mention_.push_back(c);
  for (const Triple& t : g.supportive)
    for (EntityId e : {t.head, t.tail})
      if (kg.has_name(e) && std::find(mention_.begin(), mention_.end(), e) == mention_.end()) mention_.push_back(e);
  for (EntityId a : g.targets)
    if (std::find(mention_.begin(), mention_.end(), a) == mention_.end()) mention_.insert(mention_.begin(), a);

  std::vector<EntityId> around(constants);
  around.insert(around.end(), g.targets.begin(), g.targets.end());
  for (const Triple& t : g.supportive) around.insert(around.end(), {t.head, t.tail});
  sort_distinct(around);
  auto is_around = [&](EntityId e) { return std::binary_search(around.begin(), around.end(), e); };
  auto is_used = [&](RelationId r) { return std::find(used.begin(), used.end(), r) != used.end(); };
  // Padding never names an entity that is a value and a thing at once ("1981 is a Drama film").
  // ... nor a fact no text says.
  auto plain = [&](const Triple& t) {
    return !profile.mixes_values_and_things(t.head) && !profile.mixes_values_and_things(t.tail) &&
           !(t.relation < unsaid.size() && unsaid[t.relation]);
  };
  auto neutral = [&](const Triple& t) { return !is_used(t.relation) && plain(t); };
  for (EntityId e : around) {
    auto facts = edges_of(kg, e, neutral);
    if (!facts.empty()) around_.push_back(e);
    neutral_by_[e] = std::move(facts);
  }
  // One ring further out: entities the neutral facts lead to, for facts about things
  // the question does not name (a fact of that kind is what an irrelevant citation is
  // made of; supportive ones get their share too). The first kStrayEntities met, in order
  // of their ids.
  std::vector<EntityId> beyond;
  for (EntityId e : around_)
    for (const Triple& t : neutral_by_[e])
      for (EntityId end : {t.head, t.tail})
        if (beyond.size() < kStrayEntities && !is_around(end) &&
            std::find(beyond.begin(), beyond.end(), end) == beyond.end())
          beyond.push_back(end);
  std::sort(beyond.begin(), beyond.end());
  for (EntityId e : beyond) {
    auto facts = edges_of(kg, e, neutral);
    if (!facts.empty()) beyond_.push_back(e);
    neutral_by_[e] = std::move(facts);
  }
  // A fact of G, its mirror image, or a fact met twice (from both its ends) has both ends
  // around the question: only those need the checks.
  std::set<Triple> seen_decoys;
  for (EntityId e : around)
    for (const Triple& t : edges_of(kg, e, [&](const Triple& t) {
           if (!is_used(t.relation) || !plain(t)) return false;
           // Not G's facts, nor their mirror images (a symmetric relation such as spouse
           // states the same fact both ways).
           // A claim's subject never gets another object of its relation ("The screenplay of
           // Lawrence of Arabia was written by Robert Bolt" beside "... by Michael Wilson"
           // reads as a contradiction, co-writers or not), nor a claim's object another
           // subject along a link that mostly holds once.
           const bool second_value = std::any_of(g.supportive.begin(), g.supportive.end(), [&](const Triple& c) {
             return c.relation == t.relation &&
                    ((c.head == t.head && c.tail != t.tail) ||
                     (c.tail == t.tail && c.head != t.head &&
                      profile.at(c.relation, false).single_share() >= kNearFunctionalShare));
           });
           if (second_value) return false;
           return !is_around(t.head == e ? t.tail : t.head) ||
                  (!contains(g.supportive, t) && !contains(g.supportive, Triple{t.tail, t.relation, t.head}));
         }))
      if (!is_around(t.head == e ? t.tail : t.head) || seen_decoys.insert(t).second) {
        decoys_[t.relation].push_back(t);
        for (EntityId end : {t.head, t.tail}) decoys_about_[end].push_back(t);
      }
}

bool CitationFacts::can_name_all() const {
  return std::all_of(mention_.begin(), mention_.end(), [&](EntityId e) {
    const auto neutral = neutral_by_.find(e);
    return (neutral != neutral_by_.end() && !neutral->second.empty()) || decoys_about_.contains(e);
  });
}

std::size_t CitationFacts::unnamed(const std::vector<Triple>& core) const {
  return static_cast<std::size_t>(
      std::count_if(mention_.begin(), mention_.end(), [&](EntityId e) { return !mentions(core, e); }));
}

bool CitationFacts::states(const std::vector<Triple>& facts, const Triple& t) const {
  return contains(facts, t) || (profile_.symmetric(t.relation) && contains(facts, {t.tail, t.relation, t.head}));
}

CitationFacts::Said CitationFacts::said_by(const std::vector<Triple>& facts) const {
  if (!implied_) return {};
  // G's facts count as said in every label's citation, so that what is left out of one is
  // left out of all.
  Said said{facts, {}};
  said.told.insert(said.told.end(), supportive_.begin(), supportive_.end());
  said.implied = implied_->closure(said.told, profile_);
  return said;
}

bool CitationFacts::restates(const Said& said, const Triple& t) const {
  if (!implied_) return false;
  if (std::binary_search(said.implied.begin(), said.implied.end(), t)) return true;
  const Triple own[] = {t};
  const auto says = implied_->closure(own, profile_);
  return std::any_of(says.begin(), says.end(), [&](const Triple& s) { return s != t && contains(said.told, s); });
}

bool CitationFacts::add_decoy(std::vector<Triple>& facts, const std::vector<Triple>& candidates, Rng& rng) const {
  // Decoys about entities the citation already names first: a citation's facts then hang
  // together as much as a supportive chain does.
  // A bit per entity of the facts (by its low six bits) rules out most candidates unread.
  std::uint64_t named = 0;
  for (const Triple& t : facts) named |= bit_of(t.head) | bit_of(t.tail);
  std::vector<Triple> near;
  for (const Triple& t : candidates)
    if ((named & (bit_of(t.head) | bit_of(t.tail))) && (mentions(facts, t.head) || mentions(facts, t.tail)))
      near.push_back(t);
  std::optional<std::vector<EntityId>> derived;  // of `facts` as they are, once needed
  for (const std::vector<Triple>* pool : {&std::as_const(near), &candidates})
    for (int tries = 0; tries < 4 && !pool->empty(); ++tries) {
      const Triple decoy = pick(*pool, rng);
      if (states(facts, decoy)) continue;
      if (!derived) derived = derived_answers(query_, facts);
      facts.push_back(decoy);
      if (derived_answers(query_, facts) == *derived) return true;
      facts.pop_back();
    }
  return false;
}

std::vector<Triple> CitationFacts::compose(const std::vector<Triple>& core, std::size_t size, int extra_decoys,
                                           double stray, Rng& rng) const {
  std::vector<Triple> out = core;
  auto add = [&](const Triple& t) {
    if (out.size() < size && !states(out, t) && !restates(said_by(out), t)) out.push_back(t);
  };
  // A decoy for each query relation the core does not state, so that every citation
  // states the relations the question asks about.
  for (const auto& entry : decoys_) {
    const RelationId relation = entry.first;  // a plain name: clang before 16 (emscripten) cannot capture a binding
    bool stated = std::any_of(out.begin(), out.end(), [&](const Triple& t) { return t.relation == relation; });
    if (!stated && out.size() < size) add_decoy(out, entry.second, rng);
  }
  // Every answer and question entity named, even past `size`: whether the citation names
  // the answer must not tell supportive apart. An entity with no neutral fact (a genre has
  // only films pointing at it) is named by a decoy that changes nothing.
  for (EntityId e : mention_) {
    if (mentions(out, e)) continue;
    auto it = neutral_by_.find(e);
    if (it != neutral_by_.end() && !it->second.empty()) {
      // One that says something new where the entity has such a fact.
      const Said said = said_by(out);
      std::vector<Triple> fresh;
      for (const Triple& t : it->second)
        if (!restates(said, t)) fresh.push_back(t);
      if (const Triple& t = pick(fresh.empty() ? it->second : fresh, rng); !states(out, t)) out.push_back(t);
    } else if (auto about = decoys_about_.find(e); about != decoys_about_.end()) {
      add_decoy(out, about->second, rng);
    }
  }
  for (int i = 0; i < extra_decoys && !decoys_.empty() && out.size() < size; ++i) {
    auto it = decoys_.begin();
    std::advance(it, static_cast<std::ptrdiff_t>(rng.uniform() * static_cast<double>(decoys_.size())));
    add_decoy(out, it->second, rng);
  }
  // Random neutral facts about entities the citation names already (else any around the
  // question), an entity first so that hubs do not crowd the citation; a bounded number
  // of draws, so a thin neighbourhood ends short.
  // With probability `stray`, a fact about an entity one ring further out instead.
  std::vector<EntityId> named;
  for (std::size_t tries = 0; out.size() < size && !around_.empty() && tries < 4 * size; ++tries) {
    if (!beyond_.empty() && rng.uniform() < stray) {
      add(pick(neutral_by_.at(pick(beyond_, rng)), rng));
      continue;
    }
    named.clear();
    for (EntityId e : around_)
      if (mentions(out, e)) named.push_back(e);
    add(pick(neutral_by_.at(pick(named.empty() ? around_ : named, rng)), rng));
  }
  shuffle(out, rng);
  return out;
}

}  // namespace caqa::kg
