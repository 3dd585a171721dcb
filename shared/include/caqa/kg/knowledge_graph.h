// A knowledge graph held in memory for benchmark construction: entity and relation
// keys interned once, triples in two CSR adjacency arrays (by head and by tail, each
// sorted by relation then neighbour), plus name and type indexes. About 16 bytes per
// triple for the adjacency, plus the interned strings.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "caqa/id_index.h"

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

class KnowledgeGraph {
 public:
  std::size_t entity_count() const { return entities_.size(); }
  std::size_t relation_count() const { return relations_.size(); }
  std::size_t triple_count() const { return out_edges_.size(); }

  std::string_view entity_key(EntityId e) const { return entities_.id(e); }
  // The entity's name, or its key when it has none.
  std::string_view entity_name(EntityId e) const;
  bool has_name(EntityId e) const { return e < names_.size() && names_[e] != kNone; }
  TypeId entity_type(EntityId e) const { return e < types_.size() ? types_[e] : kNone; }
  std::string_view type_name(TypeId t) const { return type_names_.id(t); }
  std::size_t type_count() const { return type_names_.size(); }
  std::string_view relation_name(RelationId r) const { return relations_.id(r); }

  std::optional<EntityId> find_entity(std::string_view key) const;
  std::optional<RelationId> find_relation(std::string_view name) const;
  std::optional<TypeId> find_type(std::string_view name) const;

  // Edges leaving head (head -relation-> other) and entering tail (other -relation-> tail),
  // sorted by relation, then by the other entity.
  std::span<const Edge> out_edges(EntityId head) const;
  std::span<const Edge> in_edges(EntityId tail) const;
  // The part of out_edges(head) / in_edges(tail) with this relation.
  std::span<const Edge> out_edges(EntityId head, RelationId relation) const;
  std::span<const Edge> in_edges(EntityId tail, RelationId relation) const;
  bool has_triple(const Triple& t) const;

  // Other entities with exactly the same name (the union extension), and entities of a type.
  std::span<const EntityId> entities_named(std::string_view name) const;
  std::span<const EntityId> entities_of_type(TypeId type) const;
  // Distinct entities found at the tail (range) or head (domain) of a relation: the
  // stand-ins for a contradictory edit when the KG has no types.
  std::span<const EntityId> relation_range(RelationId relation) const;
  std::span<const EntityId> relation_domain(RelationId relation) const;

  // Resident bytes of the arrays and strings, for the memory target.
  std::size_t memory_bytes() const;

 private:
  friend class KnowledgeGraphBuilder;
  IdIndex entities_, relations_, type_names_, name_strings_;
  std::vector<std::uint32_t> names_;  // per entity: index in name_strings_, kNone when unnamed
  std::vector<TypeId> types_;         // per entity
  std::vector<std::uint32_t> out_offsets_, in_offsets_;  // entity_count + 1 each
  std::vector<Edge> out_edges_, in_edges_;
  // name string -> entities with it, as CSR over name_strings_ entries
  std::vector<std::uint32_t> by_name_offsets_;
  std::vector<EntityId> by_name_;
  std::vector<std::uint32_t> by_type_offsets_;
  std::vector<EntityId> by_type_;
  std::vector<std::uint32_t> range_offsets_, domain_offsets_;  // relation_count + 1 each
  std::vector<EntityId> range_, domain_;
};

// Collects triples, names and types in any order, then builds the graph once.
// Duplicate triples are kept once. Entity keys are case-sensitive.
class KnowledgeGraphBuilder {
 public:
  void reserve(std::size_t triples);
  void add_triple(std::string_view head, std::string_view relation, std::string_view tail);
  void set_name(std::string_view entity, std::string_view name);  // creates the entity if needed
  void set_type(std::string_view entity, std::string_view type);
  std::size_t triples_added() const { return triples_.size(); }
  KnowledgeGraph build();

 private:
  EntityId entity(std::string_view key);
  KnowledgeGraph graph_;
  std::vector<Triple> triples_;
};

}  // namespace caqa::kg
