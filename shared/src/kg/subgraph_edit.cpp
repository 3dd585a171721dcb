#include "caqa/kg/subgraph_edit.h"
#include "caqa/rng.h"

#include <algorithm>
#include <array>
#include <map>
#include <set>

namespace caqa::kg {

namespace {

// Groups a one-branch query's patterns into paths from a subject to ?a: patterns joined
// through variables other than ?a belong together.
std::vector<std::vector<std::size_t>> paths_to_answer(const ResolvedQuery& q) {
  std::vector<std::size_t> group(q.patterns.size());
  for (std::size_t i = 0; i < group.size(); ++i) group[i] = i;
  auto root = [&](std::size_t i) {
    while (group[i] != i) i = group[i];
    return i;
  };
  auto shares_inner_variable = [&](const ResolvedPattern& a, const ResolvedPattern& b) {
    for (const Node& x : {a.head, a.tail})
      for (const Node& y : {b.head, b.tail})
        if (x.variable && y.variable && x.id == y.id && x.id != 0) return true;
    return false;
  };
  for (std::size_t i = 0; i < q.patterns.size(); ++i)
    for (std::size_t j = i + 1; j < q.patterns.size(); ++j)
      if (shares_inner_variable(q.patterns[i], q.patterns[j])) group[root(j)] = root(i);
  std::vector<std::vector<std::size_t>> out;
  std::vector<std::size_t> index_of_root(q.patterns.size(), q.patterns.size());
  for (std::size_t i = 0; i < q.patterns.size(); ++i) {
    std::size_t r = root(i);
    if (index_of_root[r] == q.patterns.size()) {
      index_of_root[r] = out.size();
      out.emplace_back();
    }
    out[index_of_root[r]].push_back(i);
  }
  return out;
}

std::set<RelationId> relations_of(const ExtendedQuery& q) {
  std::set<RelationId> out;
  for (const auto& b : q.branches)
    for (const auto& p : b.patterns) out.insert(p.relation);
  return out;
}

}  // namespace

std::optional<Attribution> ground_attribution(const ExtendedQuery& query, const KnowledgeGraph& kg, Rng& rng,
                                              std::size_t limit) {
  Attribution a;
  std::set<EntityId> targets;
  for (std::size_t branch = 0; branch < query.branches.size(); ++branch) {
    const ResolvedQuery& q = query.branches[branch];
    auto all = match(q, kg, limit + 1);
    if (all.size() > limit) return std::nullopt;
    std::map<EntityId, std::vector<Binding>> by_answer;  // sorted by answer: a stable order
    for (auto& b : all)
      if (distinct_nodes(q, b)) by_answer[b[0]].push_back(std::move(b));
    if (by_answer.empty()) return std::nullopt;
    for (const auto& [answer, bindings] : by_answer) {
      a.derivations.push_back({branch, answer, bound_triples(q, pick(bindings, rng))});
      targets.insert(answer);
    }
  }
  for (const AnswerDerivation& g : a.derivations)
    for (const Triple& t : g.triples)
      if (std::find(a.supportive.begin(), a.supportive.end(), t) == a.supportive.end()) a.supportive.push_back(t);
  a.targets.assign(targets.begin(), targets.end());
  return a;
}

namespace {

std::vector<Triple> without(const std::vector<Triple>& from, const std::vector<Triple>& dropped) {
  std::vector<Triple> out;
  for (const Triple& t : from)
    if (std::find(dropped.begin(), dropped.end(), t) == dropped.end()) out.push_back(t);
  return out;
}

}  // namespace

std::optional<std::vector<Triple>> partially_supportive(const ExtendedQuery& query, const Attribution& g, Rng& rng,
                                                        const EditCheck& accept) {
  if (query.complexity == Complexity::Single) return std::nullopt;
  // Every drop the paper allows, tried in random order until one reads as partial.
  std::vector<std::vector<Triple>> drops;
  if (query.branches.size() > 1) {
    // Union: drop one branch; where another branch gives the same answer the dropped
    // facts are still claims the citation lacks (the reading decides).
    for (std::size_t branch = 0; branch < query.branches.size(); ++branch) {
      drops.emplace_back();
      for (const AnswerDerivation& x : g.derivations)
        if (x.branch == branch) drops.back().insert(drops.back().end(), x.triples.begin(), x.triples.end());
    }
  } else {
    // One answer's derivation loses a link: a triple of its chain, or one path of its tree.
    const auto paths = paths_to_answer(query.branches[0]);
    for (const AnswerDerivation& x : g.derivations) {
      if (query.complexity == Complexity::Concatenation || query.complexity == Complexity::Negation) {
        for (const Triple& t : x.triples) drops.push_back({t});
      } else {
        for (const auto& path : paths) {
          drops.emplace_back();
          for (std::size_t i : path) drops.back().push_back(x.triples[i]);
        }
      }
    }
  }
  shuffle(drops, rng);
  for (const auto& dropped : drops) {
    std::vector<Triple> out = without(g.supportive, dropped);
    if (out.size() < g.supportive.size() && !out.empty() && accept(out)) return out;
  }
  return std::nullopt;
}

std::string_view contradiction_rule_name(ContradictionRule rule) {
  return rule == ContradictionRule::AnswerSwap ? "answer_swap" : "functional_link";
}

std::optional<ContradictoryEdit> contradictory(const Attribution& g, const KnowledgeGraph& kg,
                                               const StandIns& stand_ins, const RelationProfile& profile, Rng& rng) {
  // (fact of G, whether its head is the end replaced): the end whose other end holds it once.
  std::array<std::vector<std::pair<std::size_t, bool>>, kContradictionRuleCount> swaps;
  for (std::size_t i = 0; i < g.supportive.size(); ++i) {
    const Triple& t = g.supportive[i];
    for (bool replace_head : {false, true}) {
      const EntityId replaced = replace_head ? t.head : t.tail, known = replace_head ? t.tail : t.head;
      if (!profile.single_valued(known, t.relation, !replace_head)) continue;
      const bool answer = std::binary_search(g.targets.begin(), g.targets.end(), replaced);
      swaps[static_cast<std::size_t>(answer ? ContradictionRule::AnswerSwap : ContradictionRule::FunctionalLink)]
          .emplace_back(i, replace_head);
    }
  }
  const std::size_t rule = swaps[0].empty() ? 1 : 0;
  if (swaps[rule].empty()) return std::nullopt;
  const auto [fact, replace_head] = pick(swaps[rule], rng);
  const Triple& t = g.supportive[fact];
  const EntityId replaced = replace_head ? t.head : t.tail;
  // The targets and what G names: none of them may stand in (sorted, for the pool's lookup).
  std::vector<EntityId> exclude(g.targets.begin(), g.targets.end());
  for (const Triple& x : g.supportive) exclude.insert(exclude.end(), {x.head, x.tail});
  std::sort(exclude.begin(), exclude.end());
  const TypeId type = kg.entity_type(replaced);
  const WeightedPool* pool = &stand_ins.at(t.relation, replace_head);
  if (type != kNone) {
    pool = &stand_ins.at(t.relation, replace_head, type);
    if (pool->size() <= 1) pool = &stand_ins.of_type(type);
  }
  const auto drawn = pool->draw(exclude, rng);
  if (!drawn) return std::nullopt;
  // The value replaced in that fact alone: the rest of G stays true, so the citation
  // states one thing that excludes the answer ("David Lynch was born in Tokyo"), not a
  // chain of falsehoods ("... Tokyo lies in the United States").
  ContradictoryEdit out{g.supportive, static_cast<ContradictionRule>(rule)};
  (replace_head ? out.subgraph[fact].head : out.subgraph[fact].tail) = *drawn;
  return out;
}

namespace {

// A walk of `length` triples from `start` that avoids the entities in `avoid` (and, when
// `used` is given, the relations in it).
std::vector<Triple> walk(const KnowledgeGraph& kg, EntityId start, std::size_t length, const std::set<EntityId>& avoid,
                         const std::set<RelationId>* used, Rng& rng) {
  std::vector<Triple> out;
  EntityId at = start;
  std::set<EntityId> visited{start};
  auto usable = [&](RelationId r, EntityId other) {
    return !(used && used->count(r)) && !avoid.count(other) && !visited.count(other);
  };
  while (out.size() < length) {
    std::vector<Triple> options;
    for (const Edge& e : kg.out_edges(at))
      if (usable(e.relation, e.other)) options.push_back({at, e.relation, e.other});
    for (const Edge& e : kg.in_edges(at))
      if (usable(e.relation, e.other)) options.push_back({e.other, e.relation, at});
    if (options.empty()) break;
    Triple t = pick(options, rng);
    out.push_back(t);
    at = t.head == at ? t.tail : t.head;
    visited.insert(at);
  }
  return out;
}

}  // namespace

namespace {

// The same question asked of another subject: one constant replaced by an entity at the
// same end of the same relation (drawn by familiarity), grounded over the KG. Kept when the grounding shares no
// triple and no entity other than the query's constants with G, and derives nothing for
// the real query: a citation with the supportive one's shape and relations, about
// something else ("E.T. was directed by Steven Spielberg" for "Who directed Jaws?" when
// Spielberg is not in G, i.e. never for that question; "Psycho was directed by Alfred
// Hitchcock" is).
std::optional<std::vector<Triple>> other_subject(const ExtendedQuery& query, const Attribution& g,
                                                 const KnowledgeGraph& kg, const StandIns& stand_ins, Rng& rng,
                                                 const EditCheck& accept) {
  const ResolvedQuery& q = query.branches[0];
  std::vector<std::pair<std::size_t, bool>> ends;  // (pattern, constant at head)
  std::set<EntityId> constants;
  for (std::size_t i = 0; i < q.patterns.size(); ++i) {
    const ResolvedPattern& p = q.patterns[i];
    if (!p.head.variable) constants.insert(p.head.id);
    if (!p.tail.variable) constants.insert(p.tail.id);
    if (p.head.variable != p.tail.variable) ends.emplace_back(i, !p.head.variable);
  }
  std::set<EntityId> held;
  for (const Triple& t : g.supportive)
    for (EntityId e : {t.head, t.tail})
      if (!constants.count(e)) held.insert(e);
  constexpr int kTries = 8;
  for (int attempt = 0; attempt < kTries && !ends.empty(); ++attempt) {
    const auto end = static_cast<std::size_t>(rng.uniform() * static_cast<double>(ends.size()));
    const auto [pattern, at_head] = ends[end];
    const ResolvedPattern& p = q.patterns[pattern];
    const EntityId constant = at_head ? p.head.id : p.tail.id;
    const auto drawn = stand_ins.at(p.relation, at_head).draw({}, rng);
    if (!drawn) continue;
    const EntityId other = *drawn;
    if (other == constant || constants.count(other) || held.count(other)) continue;
    ResolvedQuery asked = q;
    for (auto& ap : asked.patterns)
      for (Node* n : {&ap.head, &ap.tail})
        if (!n->variable && n->id == constant) n->id = other;
    std::vector<Binding> bindings;
    for (auto& b : match(asked, kg, 16))
      if (distinct_nodes(asked, b)) bindings.push_back(std::move(b));
    if (bindings.empty()) continue;
    std::vector<Triple> out = bound_triples(asked, pick(bindings, rng));
    // Nor another object of a fact of G for the same subject ("Inception comes from the
    // United Kingdom" beside an answer that says the United States): readers take it as a
    // contradiction, co-productions or not (CitationFacts' decoys follow the same rule).
    bool apart = std::none_of(out.begin(), out.end(), [&](const Triple& t) {
      return std::find(g.supportive.begin(), g.supportive.end(), t) != g.supportive.end() || held.count(t.head) ||
             held.count(t.tail) || std::any_of(g.supportive.begin(), g.supportive.end(), [&](const Triple& c) {
               return c.relation == t.relation && c.head == t.head && c.tail != t.tail;
             });
    });
    if (apart && derived_answers(query, out).empty() && accept(out)) return out;
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::vector<Triple>> irrelevant(const ExtendedQuery& query, const Attribution& g,
                                              const KnowledgeGraph& kg, const StandIns& stand_ins, Rng& rng,
                                              const EditCheck& accept, const std::vector<bool>& unsaid) {
  if (auto asked = other_subject(query, g, kg, stand_ins, rng, accept)) return asked;
  const ResolvedQuery& q = query.branches[0];
  EntityId subject = kNone;
  for (const auto& p : q.patterns) {
    if (!p.head.variable)
      subject = p.head.id;
    else if (!p.tail.variable)
      subject = p.tail.id;
    if (subject != kNone) break;
  }
  if (subject == kNone) return std::nullopt;
  std::set<RelationId> never;
  for (RelationId r = 0; r < unsaid.size(); ++r)
    if (unsaid[r]) never.insert(r);
  std::set<RelationId> used = relations_of(query);
  used.insert(never.begin(), never.end());
  std::set<EntityId> avoid;
  for (const Triple& t : g.supportive) avoid.insert({t.head, t.tail});
  avoid.erase(subject);
  // Failing that, one fact about the subject through a relation the query does not use;
  // the citation's padding (citation_facts.h) brings it to the length of the others.
  const std::size_t length = 1;
  // Relations the query does not use; failing that (KGs with few relations), any said
  // relation, as long as the walk answers nothing.
  std::vector<Triple> out = walk(kg, subject, length, avoid, &used, rng);
  if (!out.empty() && !accept(out)) out.clear();
  for (int attempt = 0; out.empty() && attempt < 8; ++attempt) {
    out = walk(kg, subject, length, avoid, &never, rng);
    if (!derived_answers(query, out).empty() || !accept(out)) out.clear();
  }
  if (out.empty()) return std::nullopt;
  return out;
}

std::vector<EntityId> derived_answers(const ExtendedQuery& query, std::span<const Triple> subgraph) {
  std::vector<EntityId> out;
  for (const auto& branch : query.branches) append_answers(branch, subgraph, out);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

bool derives_all(const ExtendedQuery& query, std::span<const Triple> subgraph, const std::vector<EntityId>& targets) {
  auto derived = derived_answers(query, subgraph);
  return std::all_of(targets.begin(), targets.end(),
                     [&](EntityId t) { return std::binary_search(derived.begin(), derived.end(), t); });
}

}  // namespace caqa::kg
