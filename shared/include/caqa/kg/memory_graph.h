// A knowledge graph held in memory: entity and relation keys interned once, triples in
// two CSR adjacency arrays (by head and by tail, each sorted by relation then neighbour),
// plus name and type indexes. About 16 bytes per triple for the adjacency, plus the
// interned strings. Every list it returns borrows its own arrays (no copies).
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "caqa/id_index.h"
#include "caqa/kg/graph.h"

namespace caqa::kg {

class MemoryGraph final : public KnowledgeGraph {
 public:
  std::size_t entity_count() const override { return entities_.size(); }
  std::size_t relation_count() const override { return relations_.size(); }
  std::size_t triple_count() const override { return out_edges_.size(); }
  std::size_t type_count() const override { return type_names_.size(); }

  std::string_view entity_key(EntityId e) const override { return entities_.id(e); }
  std::string_view entity_name(EntityId e) const override;
  bool has_name(EntityId e) const override { return e < names_.size() && names_[e] != kNone; }
  TypeId entity_type(EntityId e) const override { return e < types_.size() ? types_[e] : kNone; }
  std::string_view type_name(TypeId t) const override { return type_names_.id(t); }
  std::string_view relation_name(RelationId r) const override { return relations_.id(r); }

  std::optional<EntityId> find_entity(std::string_view key) const override;
  std::optional<RelationId> find_relation(std::string_view name) const override;
  std::optional<TypeId> find_type(std::string_view name) const override;

  EdgeList out_edges(EntityId head) const override { return EdgeList(out_row(head)); }
  EdgeList in_edges(EntityId tail) const override { return EdgeList(in_row(tail)); }
  EdgeList out_edges(EntityId head, RelationId relation) const override;
  EdgeList in_edges(EntityId tail, RelationId relation) const override;
  bool has_triple(const Triple& t) const override;

  EntityList entities_named(std::string_view name) const override;
  EntityList entities_of_type(TypeId type) const override;
  EntityList relation_range(RelationId relation) const override;
  EntityList relation_domain(RelationId relation) const override;

  // Resident bytes of the arrays and strings, for the memory target.
  std::size_t memory_bytes() const;

 private:
  friend class MemoryGraphBuilder;
  std::span<const Edge> out_row(EntityId head) const;
  std::span<const Edge> in_row(EntityId tail) const;

  IdIndex entities_, relations_, type_names_, name_strings_;
  std::vector<std::uint32_t> names_;                     // per entity: index in name_strings_, kNone when unnamed
  std::vector<TypeId> types_;                            // per entity
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
// Ids are canonical: entities, relations and types are numbered in the byte order of
// their keys, whatever order they came in, so that a graph holding part of another (a
// SPARQL endpoint's, fetched as a build needs it: native/kg/sparql_graph.h) orders any
// two of its entities as the whole graph does, and the builder's choices agree.
class MemoryGraphBuilder {
 public:
  void reserve(std::size_t triples);
  void add_triple(std::string_view head, std::string_view relation, std::string_view tail);
  void set_name(std::string_view entity, std::string_view name);  // creates the entity if needed
  void set_type(std::string_view entity, std::string_view type);
  void add_entity(std::string_view key) { entity(key); }
  void add_relation(std::string_view name);  // a relation, with or without triples
  std::size_t triples_added() const { return triples_.size(); }
  MemoryGraph build();

 private:
  EntityId entity(std::string_view key);
  void number_by_key();
  MemoryGraph graph_;
  std::vector<Triple> triples_;
};

}  // namespace caqa::kg
