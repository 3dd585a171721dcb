// The knowledge graph of a SPARQL endpoint as the benchmark builder sees it, fetched as
// the build needs it. The builder (core, no I/O) asks a KnowledgeGraph for edges, names,
// same-name entities and relation ends one call at a time; over HTTP that would be one
// round trip per call. Instead a build runs in rounds (sparql_build.h): each round runs
// the builder over what is known so far (a SparqlSnapshot) and records every question it
// could not answer (a miss: it answers as if the KG had nothing there); the misses of a
// round are fetched together, in batched queries (VALUES blocks), N in flight, through
// the cache (sparql_client.h); the round that misses nothing is the build.
//
// Why the result is the in-memory build's: a snapshot is a MemoryGraph of the fetched
// triples, and MemoryGraph numbers entities and relations in the byte order of their keys
// (memory_graph.h), so any two entities compare as in the whole graph; everything the last
// round read was complete (all edges of an entity, every entity of a name or at a relation
// end, an entity's degree), so it read what the in-memory build reads.
//
// Mapping (docs/freebase.md): IRIs in the Freebase namespace (http://rdf.freebase.com/ns/)
// lose it: entities are keyed "m.0abc" (an IRI outside it keeps its whole text);
// relations read as FB15k-237 paths ("film.actor.film..film.performance.film" ->
// "/film/actor/film./film/performance/film", import_fb15k.h); a name is an English
// type.object.name (the least one when there are several). A KG edge is a triple whose
// object is an IRI and whose predicate is in the namespace, other than type.object.type and
// type.type.instance. Entity types are not read.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "caqa/kg/build.h"
#include "caqa/kg/memory_graph.h"
#include "kg/sparql_client.h"

namespace caqa::kg {

// What a snapshot was asked and did not know; sorted, so that the queries are the same
// from run to run (and the cache answers a rerun).
struct SparqlMisses {
  std::set<std::string> edges;                 // entity keys: every edge in and out
  std::set<std::string> names;                 // entity keys: the name
  std::set<std::string> degrees;               // entity keys: the number of edges
  std::set<std::string> named;                 // names: the entities with it
  std::set<std::pair<RelationId, bool>> ends;  // (relation, head end): the entities there
  bool empty() const { return edges.empty() && names.empty() && degrees.empty() && named.empty() && ends.empty(); }
  std::size_t size() const { return edges.size() + names.size() + degrees.size() + named.size() + ends.size(); }
};

class SparqlSnapshot;

// What has been fetched from the endpoint, keyed by strings.
class SparqlGraph {
 public:
  SparqlGraph(SparqlClient& client, std::string graph_iri, std::size_t batch)
      : client_(client), graph_iri_(std::move(graph_iri)), batch_(batch) {}
  // The relations and the graph's size (the manifest's "kg"). False, with error, on failure.
  bool start(std::string& error);
  const GraphSummary& summary() const { return summary_; }
  std::unique_ptr<SparqlSnapshot> snapshot() const;
  // Fetches what a snapshot missed (and the names of entities it brings in).
  bool fetch(const SparqlMisses& misses, const SparqlSnapshot& from, std::string& error);

 private:
  friend class SparqlSnapshot;
  // SELECT vars WHERE { where } tail, over graph_iri_.
  struct Query {
    std::string vars, where, tail;
  };
  std::string text(const Query& q) const;
  // Query q's rows from `offset` on, at most `limit`, in the order of its plain variables.
  std::string page(const Query& q, std::size_t offset, std::size_t limit) const;
  // Runs the queries, N in flight; a result the endpoint cut at its row limit is fetched
  // again in pages of that many rows. Rows of every query, in order.
  std::optional<std::vector<SparqlRows>> run(const std::vector<Query>& queries, const std::string& what,
                                             std::string& error);
  // One query per batch of `terms` (its VALUES block).
  std::optional<std::vector<SparqlRows>> per_batch(const std::vector<std::string>& terms, const std::string& what,
                                                   const std::function<Query(const std::string&)>& query,
                                                   std::string& error);
  bool fetch_edges(const std::vector<std::string>& keys, std::string& error);
  bool fetch_names(const std::vector<std::string>& keys, std::string& error);
  bool fetch_degrees(const std::vector<std::string>& keys, std::string& error);
  bool fetch_named(const std::vector<std::string>& names, std::string& error);
  bool fetch_ends(const std::vector<std::pair<std::string, bool>>& ends, std::string& error);
  void add_edge(const std::string& s, const std::string& p, const std::string& o);

  SparqlClient& client_;
  std::string graph_iri_;
  std::size_t batch_;
  GraphSummary summary_;
  std::vector<std::string> relations_;  // keys (paths)
  struct StoredTriple {
    std::string head, relation, tail;
  };
  std::vector<StoredTriple> triples_;                     // as fetched; a triple seen from both ends comes twice
  std::unordered_set<std::string> complete_;              // every edge fetched
  std::unordered_set<std::string> absent_;                // no edge at all: not an entity of the KG
  std::unordered_map<std::string, std::string> names_;    // entity -> name ("" = none)
  std::unordered_map<std::string, std::size_t> degrees_;  // entity -> edges in and out
  std::unordered_map<std::string, std::vector<std::string>> named_;        // name -> entities with it
  std::map<std::pair<std::string, bool>, std::vector<std::string>> ends_;  // (relation, head end) -> entities
};

// What is known at the start of a round, as a KnowledgeGraph that records its misses.
// Thread-safe: the builder's threads share it.
class SparqlSnapshot final : public KnowledgeGraph {
 public:
  explicit SparqlSnapshot(const SparqlGraph& fetched);

  std::size_t entity_count() const override { return data_.entity_count(); }
  std::size_t relation_count() const override { return data_.relation_count(); }
  std::size_t triple_count() const override { return data_.triple_count(); }
  std::size_t type_count() const override { return 0; }

  std::string_view entity_key(EntityId e) const override { return data_.entity_key(e); }
  std::string_view entity_name(EntityId e) const override;
  bool has_name(EntityId e) const override;
  TypeId entity_type(EntityId) const override { return kNone; }
  std::string_view type_name(TypeId) const override { return {}; }
  std::string_view relation_name(RelationId r) const override { return data_.relation_name(r); }

  std::optional<EntityId> find_entity(std::string_view key) const override;
  std::optional<RelationId> find_relation(std::string_view name) const override { return data_.find_relation(name); }
  std::optional<TypeId> find_type(std::string_view) const override { return std::nullopt; }

  EdgeList out_edges(EntityId head) const override;
  EdgeList in_edges(EntityId tail) const override;
  EdgeList out_edges(EntityId head, RelationId relation) const override;
  EdgeList in_edges(EntityId tail, RelationId relation) const override;
  bool has_triple(const Triple& t) const override;
  std::size_t degree(EntityId e) const override;

  EntityList entities_named(std::string_view name) const override;
  EntityList entities_of_type(TypeId) const override { return {}; }
  EntityList relation_range(RelationId relation) const override { return end(relation, false); }
  EntityList relation_domain(RelationId relation) const override { return end(relation, true); }

  SparqlMisses misses() const;

 private:
  bool complete(EntityId e) const;
  EntityList end(RelationId relation, bool head_end) const;
  template <class Add>
  void miss(Add add) const {
    std::lock_guard lock(mutex_);
    add(misses_);
  }

  MemoryGraph data_;
  std::vector<bool> complete_, named_known_;  // by entity
  std::vector<std::size_t> degrees_;          // by entity; SIZE_MAX = unknown
  std::unordered_set<std::string> absent_;
  // name -> its entities (ids, ascending), for names whose entities and their names are known
  std::unordered_map<std::string, std::vector<EntityId>> named_;
  std::unordered_map<std::string, std::vector<std::string>> named_pending_;  // name -> entities without a known name
  std::vector<std::vector<EntityId>> ends_;  // [relation * 2 + (head end ? 0 : 1)], ids ascending
  std::vector<bool> ends_known_;
  mutable std::mutex mutex_;
  mutable SparqlMisses misses_;
};

}  // namespace caqa::kg
