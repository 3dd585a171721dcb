// The snapshot of a SparqlGraph that a build reads as a KnowledgeGraph (sparql_graph.h):
// the fetched strings interned into ids, and what is still missing for the next round.
#include <algorithm>
#include <limits>

#include "kg/sparql_graph.h"

namespace caqa::kg {

namespace {

constexpr std::size_t kUnknown = std::numeric_limits<std::size_t>::max();

}  // namespace

SparqlSnapshot::SparqlSnapshot(const SparqlGraph& fetched) {
  MemoryGraphBuilder builder;
  builder.reserve(fetched.triples_.size());
  for (const auto& r : fetched.relations_) builder.add_relation(r);
  for (const auto& t : fetched.triples_) builder.add_triple(t.head, t.relation, t.tail);
  for (const auto& [key, name] : fetched.names_) {
    if (name.empty())
      builder.add_entity(key);
    else
      builder.set_name(key, name);
  }
  for (const auto& [key, degree] : fetched.degrees_) builder.add_entity(key);
  for (const auto& [end, keys] : fetched.ends_)
    for (const auto& key : keys) builder.add_entity(key);
  data_ = builder.build();

  const std::size_t n = data_.entity_count();
  complete_.assign(n, false);
  named_known_.assign(n, false);
  degrees_.assign(n, kUnknown);
  for (const auto& key : fetched.complete_)
    if (auto e = data_.find_entity(key)) complete_[*e] = true;
  for (const auto& [key, name] : fetched.names_) named_known_[*data_.find_entity(key)] = true;
  for (const auto& [key, degree] : fetched.degrees_) degrees_[*data_.find_entity(key)] = degree;
  absent_ = fetched.absent_;
  for (const auto& key : absent_)
    if (auto e = data_.find_entity(key)) complete_[*e] = named_known_[*e] = true;
  for (const auto& [name, keys] : fetched.named_) {
    std::vector<EntityId> ids;
    std::vector<std::string> pending;
    for (const auto& key : keys) {
      const EntityId e = *data_.find_entity(key);
      if (!named_known_[e])
        pending.push_back(key);
      else if (data_.has_name(e) && data_.entity_name(e) == name)
        ids.push_back(e);
    }
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    if (pending.empty())
      named_.emplace(name, std::move(ids));
    else
      named_pending_.emplace(name, std::move(pending));
  }
  ends_.resize(data_.relation_count() * 2);
  ends_known_.assign(data_.relation_count() * 2, false);
  for (const auto& [end, keys] : fetched.ends_) {
    auto r = data_.find_relation(end.first);
    if (!r) continue;
    const std::size_t slot = static_cast<std::size_t>(*r) * 2 + (end.second ? 0 : 1);
    for (const auto& key : keys) ends_[slot].push_back(*data_.find_entity(key));
    std::sort(ends_[slot].begin(), ends_[slot].end());
    ends_known_[slot] = true;
  }
}

bool SparqlSnapshot::complete(EntityId e) const {
  if (e < complete_.size() && complete_[e]) return true;
  miss([&](SparqlMisses& m) { m.edges.emplace(data_.entity_key(e)); });
  return false;
}

std::string_view SparqlSnapshot::entity_name(EntityId e) const {
  has_name(e);
  return data_.entity_name(e);
}

bool SparqlSnapshot::has_name(EntityId e) const {
  if (!named_known_[e]) miss([&](SparqlMisses& m) { m.names.emplace(data_.entity_key(e)); });
  return data_.has_name(e);
}

std::optional<EntityId> SparqlSnapshot::find_entity(std::string_view key) const {
  if (auto e = data_.find_entity(key)) return e;
  if (!absent_.count(std::string(key))) miss([&](SparqlMisses& m) { m.edges.emplace(key); });
  return std::nullopt;
}

EdgeList SparqlSnapshot::out_edges(EntityId head) const { return complete(head) ? data_.out_edges(head) : EdgeList(); }

EdgeList SparqlSnapshot::in_edges(EntityId tail) const { return complete(tail) ? data_.in_edges(tail) : EdgeList(); }

EdgeList SparqlSnapshot::out_edges(EntityId head, RelationId relation) const {
  return complete(head) ? data_.out_edges(head, relation) : EdgeList();
}

EdgeList SparqlSnapshot::in_edges(EntityId tail, RelationId relation) const {
  return complete(tail) ? data_.in_edges(tail, relation) : EdgeList();
}

bool SparqlSnapshot::has_triple(const Triple& t) const { return complete(t.head) && data_.has_triple(t); }

std::size_t SparqlSnapshot::degree(EntityId e) const {
  if (e < complete_.size() && complete_[e]) return data_.degree(e);
  if (degrees_[e] != kUnknown) return degrees_[e];
  miss([&](SparqlMisses& m) { m.degrees.emplace(data_.entity_key(e)); });
  return 0;
}

EntityList SparqlSnapshot::entities_named(std::string_view name) const {
  const std::string key(name);
  if (auto it = named_.find(key); it != named_.end()) return EntityList(std::span<const EntityId>(it->second));
  if (auto it = named_pending_.find(key); it != named_pending_.end())
    miss([&](SparqlMisses& m) { m.names.insert(it->second.begin(), it->second.end()); });
  else
    miss([&](SparqlMisses& m) { m.named.insert(key); });
  return {};
}

EntityList SparqlSnapshot::end(RelationId relation, bool head_end) const {
  const std::size_t slot = static_cast<std::size_t>(relation) * 2 + (head_end ? 0 : 1);
  if (ends_known_[slot]) return EntityList(std::span<const EntityId>(ends_[slot]));
  miss([&](SparqlMisses& m) { m.ends.emplace(relation, head_end); });
  return {};
}

SparqlMisses SparqlSnapshot::misses() const {
  std::lock_guard lock(mutex_);
  return misses_;
}

}  // namespace caqa::kg
