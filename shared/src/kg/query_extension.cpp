#include "caqa/kg/query_extension.h"
#include "caqa/rng.h"

#include <algorithm>
#include <set>

namespace caqa::kg {

std::string_view extension_name(Extension extension) {
  switch (extension) {
    case Extension::None: return "none";
    case Extension::Union: return "union";
    case Extension::HeadIntersection: return "head_intersection";
    case Extension::AnswerIntersection: return "answer_intersection";
    case Extension::Comparison: return "comparison";
    case Extension::Negation: return "negation";
  }
  return "none";
}

namespace {

std::set<RelationId> relations_of(const ResolvedQuery& q) {
  std::set<RelationId> out;
  for (const auto& p : q.patterns) out.insert(p.relation);
  return out;
}

std::set<EntityId> constants_of(const ResolvedQuery& q) {
  std::set<EntityId> out;
  for (const auto& p : q.patterns) {
    if (!p.head.variable) out.insert(p.head.id);
    if (!p.tail.variable) out.insert(p.tail.id);
  }
  return out;
}

// Patterns that touch variable `v`.
std::size_t degree(const ResolvedQuery& q, std::uint32_t v) {
  std::size_t d = 0;
  for (const auto& p : q.patterns) d += (p.head.variable && p.head.id == v) + (p.tail.variable && p.tail.id == v);
  return d;
}

// Edges of e whose relation the query does not use and whose other end is new to it,
// as (pattern with e's node replaced by `node_of_e`, other end constant).
std::vector<ResolvedPattern> fresh_edges(const KnowledgeGraph& kg, EntityId e, Node node_of_e,
                                         const std::set<RelationId>& used, const std::set<EntityId>& avoid) {
  std::vector<ResolvedPattern> out;
  for (const Edge& edge : kg.out_edges(e))
    if (!used.count(edge.relation) && !avoid.count(edge.other) && edge.other != e)
      out.push_back({node_of_e, edge.relation, Node{false, edge.other}});
  for (const Edge& edge : kg.in_edges(e))
    if (!used.count(edge.relation) && !avoid.count(edge.other) && edge.other != e)
      out.push_back({Node{false, edge.other}, edge.relation, node_of_e});
  return out;
}

std::optional<ExtendedQuery> union_extension(const ResolvedQuery& q, const KnowledgeGraph& kg) {
  const ResolvedPattern& p = q.patterns[0];
  bool subject_is_head = !p.head.variable;
  EntityId subject = subject_is_head ? p.head.id : p.tail.id;
  if (!kg.has_name(subject)) return std::nullopt;
  ExtendedQuery out;
  out.extension = Extension::Union;
  out.branches.push_back(q);
  for (EntityId other : kg.entities_named(kg.entity_name(subject))) {
    if (other == subject) continue;
    auto edges = subject_is_head ? kg.out_edges(other, p.relation) : kg.in_edges(other, p.relation);
    if (edges.empty()) continue;  // the same-name entity must answer the same relation
    // One union per name and relation: the one asked of the first entity of the name.
    if (other < subject) return std::nullopt;
    ResolvedQuery branch = q;
    (subject_is_head ? branch.patterns[0].head : branch.patterns[0].tail) = Node{false, other};
    out.branches.push_back(branch);
  }
  if (out.branches.size() < 2) return std::nullopt;
  return out;
}

std::optional<ExtendedQuery> head_intersection(const ResolvedQuery& q, QueryShape shape, const KnowledgeGraph& kg,
                                               const RelationProfile* profile, Rng& rng) {
  // The subject to hang the new triple on: the path's start, or a random tree subject.
  std::vector<EntityId> subjects;
  for (const auto& p : q.patterns) {
    if (!p.head.variable) subjects.push_back(p.head.id);
    if (!p.tail.variable) subjects.push_back(p.tail.id);
  }
  if (subjects.empty()) return std::nullopt;
  EntityId subject = shape == QueryShape::Tree ? pick(subjects, rng) : subjects[0];
  // The subject stays a constant (paper, Appendix B: "Anna Scott, spouse, Rick Scott"):
  // the new fact is one more thing the evidence must show, and the answers stay the
  // query's own. The new entity is named (the question mentions it) and no answer.
  std::set<EntityId> avoid = constants_of(q);
  for (const auto& b : match(q, kg, 64)) avoid.insert(b.begin(), b.end());
  std::vector<ResolvedPattern> candidates;
  // A fact that tells the subject apart, not one that puts it in a large class: "Steven
  // Spielberg, who directed Jaws", not "..., who has worked as a film director" (readers
  // read those as filler). The class is large when its far end has many subjects this way.
  auto specific = [&](const ResolvedPattern& c) {
    return !profile || !profile->at(c.relation, c.head.id != subject).generic;
  };
  for (const auto& c : fresh_edges(kg, subject, Node{false, subject}, relations_of(q), avoid))
    if (kg.has_name(c.head.id == subject ? c.tail.id : c.head.id) && specific(c)) candidates.push_back(c);
  if (candidates.empty()) return std::nullopt;
  ResolvedQuery extended = q;
  ResolvedPattern added = pick(candidates, rng);
  extended.patterns.insert(extended.patterns.begin(), added);
  ExtendedQuery out;
  out.branches.push_back(std::move(extended));
  out.extension = Extension::HeadIntersection;
  out.anchored_subject = subject;
  out.new_subject = added.head.id == subject ? added.tail.id : added.head.id;
  return out;
}

std::optional<ExtendedQuery> answer_intersection(const ResolvedQuery& q, const KnowledgeGraph& kg,
                                                 const RelationProfile* profile, Rng& rng) {
  std::vector<Binding> bindings;
  for (auto& b : match(q, kg, 64))
    if (distinct_nodes(q, b)) bindings.push_back(std::move(b));
  if (bindings.empty()) return std::nullopt;
  std::set<EntityId> avoid = constants_of(q);
  for (const auto& b : bindings) avoid.insert(b.begin(), b.end());
  // A fact about one answer; the extended query keeps (at least) that answer.
  EntityId answer = pick(bindings, rng)[0];
  auto candidates = fresh_edges(kg, answer, Node{true, 0}, relations_of(q), avoid);
  if (candidates.empty()) return std::nullopt;
  // A condition that tells the answer apart where there is one, as for a head intersection:
  // "Which film was scored by Jon Brion and starred Saoirse Ronan?" rather than "... and
  // belongs to the drama genre" (a large class: its far end has many subjects this way,
  // which readers read as filler).
  if (profile) {
    std::vector<ResolvedPattern> specific;
    for (const ResolvedPattern& c : candidates)
      if (!profile->at(c.relation, !c.head.variable).generic) specific.push_back(c);
    if (!specific.empty()) candidates = std::move(specific);
  }
  ExtendedQuery out;
  ResolvedQuery extended = q;
  ResolvedPattern added = pick(candidates, rng);
  extended.patterns.push_back(added);
  out.branches.push_back(std::move(extended));
  out.extension = Extension::AnswerIntersection;
  out.new_subject = added.head.variable ? added.tail.id : added.head.id;
  return out;
}

}  // namespace

Complexity complexity_of(const ExtendedQuery& query) {
  if (query.branches.size() > 1) return Complexity::Union;
  const ResolvedQuery& q = query.branches[0];
  if (q.patterns.size() == 1) return Complexity::Single;
  return degree(q, 0) >= 2 ? Complexity::Intersection : Complexity::Concatenation;
}

ExtendedQuery extend_query(const ResolvedQuery& query, QueryShape shape, const KnowledgeGraph& kg, Rng& rng,
                           const RelationProfile* profile) {
  // A single triple about an entity that shares its name is extended by union whenever it
  // can be (the benchmark needs union questions, and only names shared in the KG make
  // them); otherwise the paper's draw among the others.
  if (shape == QueryShape::Single)
    if (auto out = union_extension(query, kg)) {
      out->complexity = complexity_of(*out);
      return *out;
    }
  std::vector<Extension> order =
      shape == QueryShape::Single
          ? std::vector<Extension>{Extension::HeadIntersection, Extension::AnswerIntersection, Extension::None}
          : std::vector<Extension>{Extension::HeadIntersection, Extension::AnswerIntersection};
  // The drawn rule first, then the others in random order.
  for (std::size_t i = 0; i + 1 < order.size(); ++i) {
    auto j = i + static_cast<std::size_t>(rng.uniform() * static_cast<double>(order.size() - i));
    std::swap(order[i], order[j]);
  }
  for (Extension e : order) {
    std::optional<ExtendedQuery> out;
    if (e == Extension::HeadIntersection)
      out = head_intersection(query, shape, kg, profile, rng);
    else if (e == Extension::AnswerIntersection)
      out = answer_intersection(query, kg, profile, rng);
    else
      break;  // "none" drawn before any rule that applies: keep the single triple
    // A rule counts only if every branch of the result still has an answer.
    if (out && std::all_of(out->branches.begin(), out->branches.end(), [&](const ResolvedQuery& b) {
          auto bindings = match(b, kg, 64);
          return std::any_of(bindings.begin(), bindings.end(), [&](const Binding& x) { return distinct_nodes(b, x); });
        })) {
      out->complexity = complexity_of(*out);
      return *out;
    }
  }
  ExtendedQuery none;
  none.branches.push_back(query);
  none.complexity = complexity_of(none);
  return none;
}

std::optional<std::vector<EntityId>> answers_of(const ExtendedQuery& query, const KnowledgeGraph& kg,
                                                std::size_t limit) {
  std::set<EntityId> out;
  for (const auto& branch : query.branches) {
    auto bindings = match(branch, kg, limit + 1);
    if (bindings.size() > limit) return std::nullopt;
    for (const auto& b : bindings)
      if (distinct_nodes(branch, b)) out.insert(b[0]);
  }
  return std::vector<EntityId>(out.begin(), out.end());
}

}  // namespace caqa::kg
