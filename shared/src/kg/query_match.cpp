#include "caqa/kg/query_match.h"

#include "caqa/kg/import_fb15k.h"

#include <algorithm>

#include <fmt/format.h>

namespace caqa::kg {

std::optional<ResolvedQuery> resolve(const LogicalQuery& query, const KnowledgeGraph& kg, ProblemCounts& problems,
                                     const std::string& where) {
  ResolvedQuery out;
  out.variables.push_back("?a");
  auto node = [&](const Term& term) -> std::optional<Node> {
    if (term.is_variable()) {
      auto it = std::find(out.variables.begin(), out.variables.end(), term.text);
      if (it == out.variables.end()) {
        out.variables.push_back(term.text);
        return Node{true, static_cast<std::uint32_t>(out.variables.size() - 1)};
      }
      return Node{true, static_cast<std::uint32_t>(it - out.variables.begin())};
    }
    auto e = kg.find_entity(term.text);
    if (!e) {
      problems.add("query entity not in the KG", where, term.text);
      return std::nullopt;
    }
    return Node{false, *e};
  };
  for (const auto& p : query.patterns) {
    // Freebase spells relations "film.film.genre" in SPARQL, "/film/film/genre" in FB15k-237.
    auto r = find_relation_spelling(kg, p.relation);
    if (!r) {
      problems.add("query relation not in the KG", where, p.relation);
      return std::nullopt;
    }
    auto h = node(p.head), t = node(p.tail);
    if (!h || !t) return std::nullopt;
    out.patterns.push_back({*h, *r, *t});
  }
  return out;
}

namespace {

constexpr EntityId kUnbound = kNone;

// Backtracking join: each step takes a pattern with a bound end (or two constants). Each
// complete binding goes to the sink, until it is full.
template <class Graph, class Sink>
class Matcher {
 public:
  Matcher(const ResolvedQuery& q, const Graph& g, Sink& sink) : q_(q), g_(g), sink_(sink) {}

  void run() {
    Binding b(q_.variable_count(), kUnbound);
    std::vector<bool> done(q_.patterns.size(), false);
    step(b, done, 0);
  }

 private:
  EntityId value(const Node& n, const Binding& b) const { return n.variable ? b[n.id] : n.id; }

  void step(Binding& b, std::vector<bool>& done, std::size_t depth) {
    if (sink_.full()) return;
    if (depth == q_.patterns.size()) {
      sink_.add(b);
      return;
    }
    // The first pending pattern with a bound end; a query is connected, so one exists.
    std::size_t pick = q_.patterns.size();
    for (std::size_t i = 0; i < q_.patterns.size() && pick == q_.patterns.size(); ++i)
      if (!done[i] && (value(q_.patterns[i].head, b) != kUnbound || value(q_.patterns[i].tail, b) != kUnbound))
        pick = i;
    if (pick == q_.patterns.size()) return;
    const ResolvedPattern& p = q_.patterns[pick];
    EntityId h = value(p.head, b), t = value(p.tail, b);
    done[pick] = true;
    if (h != kUnbound && t != kUnbound) {
      if (g_.contains(Triple{h, p.relation, t})) step(b, done, depth + 1);
    } else if (h != kUnbound) {
      g_.for_each_tail(h, p.relation, [&](EntityId other) { extend(b, done, depth, p.tail.id, other); });
    } else {
      g_.for_each_head(t, p.relation, [&](EntityId other) { extend(b, done, depth, p.head.id, other); });
    }
    done[pick] = false;
  }

  void extend(Binding& b, std::vector<bool>& done, std::size_t depth, std::uint32_t variable, EntityId entity) {
    if (sink_.full()) return;
    b[variable] = entity;
    step(b, done, depth + 1);
    b[variable] = kUnbound;
  }

  const ResolvedQuery& q_;
  const Graph& g_;
  Sink& sink_;
};

// Keeps the first `limit` bindings.
struct Bindings {
  std::size_t limit;
  std::vector<Binding> out;
  bool full() const { return out.size() >= limit; }
  void add(const Binding& b) { out.push_back(b); }
};

// Keeps the answer of each binding with distinct nodes.
struct Answers {
  const ResolvedQuery& query;
  std::vector<EntityId>& out;
  bool full() const { return false; }
  void add(const Binding& b) {
    if (distinct_nodes(query, b)) out.push_back(b[0]);
  }
};

struct KgView {
  const KnowledgeGraph& kg;
  bool contains(const Triple& t) const { return kg.has_triple(t); }
  template <class F>
  void for_each_tail(EntityId h, RelationId r, F&& f) const {
    for (const Edge& e : kg.out_edges(h, r)) f(e.other);
  }
  template <class F>
  void for_each_head(EntityId t, RelationId r, F&& f) const {
    for (const Edge& e : kg.in_edges(t, r)) f(e.other);
  }
};

struct TripleListView {
  std::span<const Triple> triples;
  bool contains(const Triple& t) const { return std::find(triples.begin(), triples.end(), t) != triples.end(); }
  template <class F>
  void for_each_tail(EntityId h, RelationId r, F&& f) const {
    for (const Triple& t : triples)
      if (t.head == h && t.relation == r) f(t.tail);
  }
  template <class F>
  void for_each_head(EntityId tail, RelationId r, F&& f) const {
    for (const Triple& t : triples)
      if (t.tail == tail && t.relation == r) f(t.head);
  }
};

}  // namespace

std::vector<Binding> KnowledgeGraph::match(const ResolvedQuery& query, std::size_t limit) const {
  KgView view{*this};
  Bindings sink{limit, {}};
  Matcher<KgView, Bindings>(query, view, sink).run();
  return std::move(sink.out);
}

std::vector<Binding> match(const ResolvedQuery& query, std::span<const Triple> triples) {
  TripleListView view{triples};
  Bindings sink{static_cast<std::size_t>(-1), {}};
  Matcher<TripleListView, Bindings>(query, view, sink).run();
  return std::move(sink.out);
}

void append_answers(const ResolvedQuery& query, std::span<const Triple> triples, std::vector<EntityId>& out) {
  TripleListView view{triples};
  Answers sink{query, out};
  Matcher<TripleListView, Answers>(query, view, sink).run();
}

bool distinct_nodes(const ResolvedQuery& query, const Binding& binding) {
  for (std::size_t v = 0; v < binding.size(); ++v) {
    for (std::size_t w = v + 1; w < binding.size(); ++w)
      if (binding[v] == binding[w]) return false;
    for (const auto& p : query.patterns)
      if ((!p.head.variable && p.head.id == binding[v]) || (!p.tail.variable && p.tail.id == binding[v])) return false;
  }
  return true;
}

std::vector<Triple> bound_triples(const ResolvedQuery& query, const Binding& binding) {
  std::vector<Triple> out;
  for (const auto& p : query.patterns)
    out.push_back({p.head.variable ? binding[p.head.id] : p.head.id, p.relation,
                   p.tail.variable ? binding[p.tail.id] : p.tail.id});
  return out;
}

}  // namespace caqa::kg
