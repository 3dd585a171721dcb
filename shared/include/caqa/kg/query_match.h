// Executes a logical query whose terms are resolved to KG ids: every assignment of
// its variables to entities such that all its triple patterns hold, in a deterministic
// order. The same matcher runs over the whole KG (grounding) and over a handful of
// triples (verifying an edited subgraph).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "caqa/kg/graph.h"
#include "caqa/kg/logical_query.h"
#include "caqa/kg/problem_counts.h"

namespace caqa::kg {

// A query node: a constant entity or a variable (index into the binding).
struct Node {
  bool variable = false;
  std::uint32_t id = 0;  // EntityId, or variable index
  friend bool operator==(const Node&, const Node&) = default;
};

struct ResolvedPattern {
  Node head;
  RelationId relation;
  Node tail;
};

// Variable 0 is always the answer ?a.
struct ResolvedQuery {
  std::vector<ResolvedPattern> patterns;
  std::vector<std::string> variables;  // names, "?a" first
  std::size_t variable_count() const { return variables.size(); }
};

// Maps entity keys and relation names to ids; nullopt (with the reason counted) when
// the KG lacks one.
std::optional<ResolvedQuery> resolve(const LogicalQuery& query, const KnowledgeGraph& kg, ProblemCounts& problems,
                                     const std::string& where);

// Up to `limit` bindings over the KG: KnowledgeGraph::match, which joins over the graph's
// neighbour lists unless the graph runs queries itself.
inline std::vector<Binding> match(const ResolvedQuery& query, const KnowledgeGraph& kg, std::size_t limit = 256) {
  return kg.match(query, limit);
}
// All bindings over a small set of triples.
std::vector<Binding> match(const ResolvedQuery& query, std::span<const Triple> triples);
// The answer (variable 0) of each of those bindings whose nodes are distinct
// (distinct_nodes), appended to `out`: match() and the filter without a copy per binding.
void append_answers(const ResolvedQuery& query, std::span<const Triple> triples, std::vector<EntityId>& out);

// True when the binding gives every variable its own entity, none of them a constant of
// the query: "films that share a director with X" does not answer X, and a subgraph is
// a tree of distinct nodes.
bool distinct_nodes(const ResolvedQuery& query, const Binding& binding);

// The triples a binding assigns to the query's patterns.
std::vector<Triple> bound_triples(const ResolvedQuery& query, const Binding& binding);

}  // namespace caqa::kg
