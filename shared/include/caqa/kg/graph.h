// The knowledge graph as the benchmark builder sees it: entities, relations and types
// by id, neighbours by entity and relation, same-name and same-type candidates, and
// query execution. MemoryGraph (memory_graph.h) is the in-memory implementation; a
// SPARQL endpoint can be another, which is why lists come back as Listing: a view into
// storage the graph keeps, or a vector fetched for this call only.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

namespace caqa::kg {

using EntityId = std::uint32_t;
using RelationId = std::uint32_t;
using TypeId = std::uint32_t;
inline constexpr std::uint32_t kNone = 0xffffffffu;

struct Triple {
  EntityId head;
  RelationId relation;
  EntityId tail;
  friend bool operator==(const Triple&, const Triple&) = default;
  friend auto operator<=>(const Triple&, const Triple&) = default;
};

// One edge as seen from an entity: the relation and the entity at the other end.
struct Edge {
  RelationId relation;
  EntityId other;
};

// Items a graph returns: borrowed from the graph (valid while it lives; no copy, the
// in-memory path) or owned (a remote graph's answer to this call).
template <class T>
class Listing {
 public:
  Listing() = default;
  explicit Listing(std::span<const T> borrowed) : view_(borrowed) {}
  explicit Listing(std::vector<T> owned) : owned_(std::move(owned)), is_owned_(true) {}

  const T* data() const { return is_owned_ ? owned_.data() : view_.data(); }
  std::size_t size() const { return is_owned_ ? owned_.size() : view_.size(); }
  bool empty() const { return size() == 0; }
  const T* begin() const { return data(); }
  const T* end() const { return data() + size(); }
  const T& operator[](std::size_t i) const { return data()[i]; }

 private:
  std::span<const T> view_;
  std::vector<T> owned_;
  bool is_owned_ = false;
};

using EdgeList = Listing<Edge>;
using EntityList = Listing<EntityId>;

struct ResolvedQuery;                   // query_match.h
using Binding = std::vector<EntityId>;  // one entity per variable

// Strings returned as string_view stay valid while the graph lives.
class KnowledgeGraph {
 public:
  virtual ~KnowledgeGraph() = default;

  virtual std::size_t entity_count() const = 0;
  virtual std::size_t relation_count() const = 0;
  virtual std::size_t triple_count() const = 0;
  virtual std::size_t type_count() const = 0;

  virtual std::string_view entity_key(EntityId e) const = 0;
  // The entity's name, or its key when it has none.
  virtual std::string_view entity_name(EntityId e) const = 0;
  virtual bool has_name(EntityId e) const = 0;
  virtual TypeId entity_type(EntityId e) const = 0;  // kNone when untyped
  virtual std::string_view type_name(TypeId t) const = 0;
  virtual std::string_view relation_name(RelationId r) const = 0;

  virtual std::optional<EntityId> find_entity(std::string_view key) const = 0;
  virtual std::optional<RelationId> find_relation(std::string_view name) const = 0;
  virtual std::optional<TypeId> find_type(std::string_view name) const = 0;

  // Edges leaving head (head -relation-> other) and entering tail (other -relation-> tail),
  // sorted by relation, then by the other entity; optionally only those with one relation.
  virtual EdgeList out_edges(EntityId head) const = 0;
  virtual EdgeList in_edges(EntityId tail) const = 0;
  virtual EdgeList out_edges(EntityId head, RelationId relation) const = 0;
  virtual EdgeList in_edges(EntityId tail, RelationId relation) const = 0;
  virtual bool has_triple(const Triple& t) const = 0;
  // Facts naming the entity (out_edges + in_edges): an endpoint backend may know the
  // count without the edges.
  virtual std::size_t degree(EntityId e) const { return out_edges(e).size() + in_edges(e).size(); }

  // Entities with exactly this name (the union extension), and the entities of a type.
  virtual EntityList entities_named(std::string_view name) const = 0;
  virtual EntityList entities_of_type(TypeId type) const = 0;
  // Distinct entities found at the tail (range) or head (domain) of a relation: the
  // stand-ins for a contradictory edit when the KG has no types.
  virtual EntityList relation_range(RelationId relation) const = 0;
  virtual EntityList relation_domain(RelationId relation) const = 0;

  // Up to `limit` bindings of a resolved query, in a deterministic order. The default
  // joins pattern by pattern over out_edges/in_edges (query_match.cpp); an endpoint
  // backend overrides it to run the query where the data is.
  virtual std::vector<Binding> match(const ResolvedQuery& query, std::size_t limit) const;
};

}  // namespace caqa::kg
