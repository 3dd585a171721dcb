#include "caqa/kg/comparison_query.h"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <limits>
#include <set>

namespace caqa::kg {

namespace {

// A neighbour with more links than this of one kind (a country, a genre) says nothing
// that makes two of its entities worth comparing; a director, a band, an author do.
constexpr std::size_t kMaxSharedDegree = 64;
// Questions that compare three entities, where the KG has three ("Which of A, B and C ...").
constexpr double kThreeShare = 0.3;
// Draws of a replacement value for a contradictory edit.
constexpr int kReversalDraws = 48;

// The one value `e` holds along `relation`, when it holds exactly one and it is a number.
// A year that is also a film ("2012" in MetaQA) reads as nonsense in a text.
std::optional<std::pair<EntityId, long long>> single_number(const KnowledgeGraph& kg, const RelationProfile& profile,
                                                            EntityId e, RelationId relation) {
  const EdgeList values = kg.out_edges(e, relation);
  if (values.size() != 1 || profile.mixes_values_and_things(values[0].other)) return std::nullopt;
  // "Broadway Melody of 1940" says its year itself: a question about it gives the answer away.
  if (kg.entity_name(e).find(kg.entity_name(values[0].other)) != std::string_view::npos) return std::nullopt;
  const auto n = ordinal_value(kg, values[0].other);
  if (!n) return std::nullopt;
  return std::pair{values[0].other, *n};
}

ResolvedQuery value_of(EntityId e, RelationId relation) {
  ResolvedQuery q;
  q.patterns.push_back({Node{false, e}, relation, Node{true, 0}});
  q.variables = {"?a"};
  return q;
}

struct Partner {
  EntityId entity;
  long long number;
  EntityId via;  // the neighbour it shares with the anchor
};

// Entities of the anchor's type that reach one of its neighbours the way it does (the
// same relation, the same direction), each holding one other number along `relation`.
std::vector<Partner> partners(const KnowledgeGraph& kg, const RelationProfile& profile, const DisplayNames* names,
                              EntityId anchor, RelationId relation, long long anchor_number) {
  std::vector<Partner> out;
  std::set<EntityId> seen{anchor};
  auto scan = [&](const EdgeList& edges, bool anchor_is_head) {
    for (const Edge& link : edges) {
      if (link.relation == relation) continue;
      const EntityId shared = link.other;
      const EdgeList back = anchor_is_head ? kg.in_edges(shared, link.relation) : kg.out_edges(shared, link.relation);
      if (back.size() > kMaxSharedDegree) continue;
      for (const Edge& other : back) {
        const EntityId p = other.other;
        if (!seen.insert(p).second || kg.entity_type(p) != kg.entity_type(anchor) || !plainly_named(kg, names, p) ||
            profile.mixes_values_and_things(p))
          continue;
        if (auto value = single_number(kg, profile, p, relation); value && value->second != anchor_number)
          out.push_back({p, value->second, shared});
      }
    }
  };
  scan(kg.out_edges(anchor), true);
  scan(kg.in_edges(anchor), false);
  return out;
}

}  // namespace

std::vector<EntityId> question_entities(const ResolvedQuery& seed, const std::vector<EntityId>& answers) {
  std::vector<EntityId> out;
  for (const auto& p : seed.patterns)
    for (const Node& n : {p.head, p.tail})
      if (!n.variable && std::find(out.begin(), out.end(), n.id) == out.end()) out.push_back(n.id);
  for (EntityId a : answers)
    if (std::find(out.begin(), out.end(), a) == out.end()) out.push_back(a);
  return out;
}

std::optional<long long> ordinal_value(const KnowledgeGraph& kg, EntityId e) {
  const std::string_view name = kg.entity_name(e);
  long long out = 0;
  if (name.empty() || name.size() > 6) return std::nullopt;
  const auto [end, error] = std::from_chars(name.data(), name.data() + name.size(), out);
  if (error != std::errc() || end != name.data() + name.size()) return std::nullopt;
  return out;
}

bool orderable(const KnowledgeGraph& kg, const RelationProfile& profile, RelationId relation) {
  if (!profile.at(relation, true).functional) return false;
  const EntityList range = kg.relation_range(relation);
  return !range.empty() &&
         std::all_of(range.begin(), range.end(), [&](EntityId v) { return ordinal_value(kg, v).has_value(); });
}

std::vector<bool> orderable_relations(const KnowledgeGraph& kg, const RelationProfile& profile) {
  std::vector<bool> out(kg.relation_count());
  for (std::size_t r = 0; r < out.size(); ++r) out[r] = orderable(kg, profile, static_cast<RelationId>(r));
  return out;
}

std::optional<ExtendedQuery> comparison_query(const ResolvedQuery& seed, const std::vector<EntityId>& seed_answers,
                                              const KnowledgeGraph& kg, const RelationProfile& profile,
                                              const std::vector<bool>& orderable, const DisplayNames* names, Rng& rng) {
  const std::vector<EntityId> anchors = question_entities(seed, seed_answers);
  for (EntityId anchor : anchors) {
    if (!plainly_named(kg, names, anchor) || profile.mixes_values_and_things(anchor)) continue;
    std::vector<RelationId> relations;
    for (const Edge& e : kg.out_edges(anchor))
      if (std::find(relations.begin(), relations.end(), e.relation) == relations.end() &&
          e.relation < orderable.size() && orderable[e.relation])
        relations.push_back(e.relation);
    for (RelationId relation : relations) {
      const auto own = single_number(kg, profile, anchor, relation);
      if (!own) continue;
      const std::vector<Partner> found = partners(kg, profile, names, anchor, relation, own->second);
      if (found.empty()) continue;
      const Partner first = pick(found, rng);
      std::vector<EntityId> compared{anchor, first.entity};
      if (rng.uniform() < kThreeShare) {
        std::vector<Partner> third;
        for (const Partner& p : found)
          if (p.via == first.via && p.entity != first.entity && p.number != first.number) third.push_back(p);
        if (!third.empty()) compared.push_back(pick(third, rng).entity);
      }
      // The order they are asked in says nothing of the answer.
      shuffle(compared, rng);
      ExtendedQuery out;
      for (EntityId e : compared) out.branches.push_back(value_of(e, relation));
      out.extension = Extension::Comparison;
      out.complexity = Complexity::Comparison;
      out.new_subject = first.entity;
      out.latest = rng.uniform() < 0.5;
      return out;
    }
  }
  return std::nullopt;
}

std::vector<ComparedValue> compared_values(const ExtendedQuery& query, const Attribution& g, const KnowledgeGraph& kg) {
  std::vector<ComparedValue> out;
  for (std::size_t b = 0; b < query.branches.size(); ++b)
    for (const AnswerDerivation& d : g.derivations)
      if (d.branch == b && !d.triples.empty()) {
        const Triple& t = d.triples.front();
        out.push_back({t.head, t.tail, ordinal_value(kg, t.tail).value_or(0)});
        break;
      }
  return out;
}

std::size_t comparison_winner(const ExtendedQuery& query, const std::vector<ComparedValue>& values) {
  std::size_t best = 0;
  for (std::size_t i = 1; i < values.size(); ++i)
    if (query.latest ? values[i].number > values[best].number : values[i].number < values[best].number) best = i;
  return best;
}

std::optional<ContradictoryEdit> order_reversal(const ExtendedQuery& query, const Attribution& g,
                                                const KnowledgeGraph& kg, const StandIns& stand_ins, Rng& rng) {
  const std::vector<ComparedValue> values = compared_values(query, g, kg);
  if (values.size() < 2 || query.branches.empty()) return std::nullopt;
  const std::size_t winner = comparison_winner(query, values);
  const RelationId relation = query.branches[0].patterns[0].relation;
  // The winner's value moved past another's, or another's moved past the winner's.
  const std::size_t changed = static_cast<std::size_t>(rng.uniform() * static_cast<double>(values.size()));
  long long bound = 0;  // the winner moves to at least (first) / at most (latest) this; another the other way
  if (changed == winner) {
    bound = query.latest ? std::numeric_limits<long long>::min() : std::numeric_limits<long long>::max();
    for (std::size_t i = 0; i < values.size(); ++i)
      if (i != winner) bound = query.latest ? std::max(bound, values[i].number) : std::min(bound, values[i].number);
  } else {
    bound = values[winner].number;
  }
  const bool upward = (changed == winner) != query.latest;  // the new number is >= bound, else <= bound
  const WeightedPool& pool = stand_ins.at(relation, false);
  const std::vector<EntityId> exclude{values[changed].value};
  std::optional<std::pair<EntityId, long long>> best;
  for (int i = 0; i < kReversalDraws; ++i) {
    const auto drawn = pool.draw(exclude, rng);
    if (!drawn) break;
    const auto n = ordinal_value(kg, *drawn);
    if (!n || (upward ? *n < bound : *n > bound)) continue;
    // The nearest such value: a plausible date, not one centuries off.
    if (!best || std::llabs(*n - values[changed].number) < std::llabs(best->second - values[changed].number))
      best = std::pair{*drawn, *n};
  }
  if (!best) return std::nullopt;
  ContradictoryEdit out{g.supportive, ContradictionRule::FunctionalLink};
  for (Triple& t : out.subgraph)
    if (t.head == values[changed].entity && t.relation == relation) t.tail = best->first;
  return out;
}

}  // namespace caqa::kg
