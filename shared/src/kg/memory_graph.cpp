#include "caqa/kg/memory_graph.h"

#include <algorithm>

namespace caqa::kg {

namespace {

// Counting sort of edges into CSR rows, each row then sorted by (relation, other).
void build_csr(std::size_t rows, const std::vector<Triple>& triples, bool by_head, std::vector<std::uint32_t>& offsets,
               std::vector<Edge>& edges) {
  offsets.assign(rows + 1, 0);
  for (const Triple& t : triples) ++offsets[(by_head ? t.head : t.tail) + 1];
  for (std::size_t i = 0; i < rows; ++i) offsets[i + 1] += offsets[i];
  edges.resize(triples.size());
  std::vector<std::uint32_t> cursor(offsets.begin(), offsets.end() - 1);
  for (const Triple& t : triples)
    edges[cursor[by_head ? t.head : t.tail]++] = Edge{t.relation, by_head ? t.tail : t.head};
  for (std::size_t i = 0; i < rows; ++i)
    std::sort(edges.begin() + offsets[i], edges.begin() + offsets[i + 1], [](const Edge& a, const Edge& b) {
      return a.relation != b.relation ? a.relation < b.relation : a.other < b.other;
    });
}

std::span<const Edge> edges_with(std::span<const Edge> edges, RelationId relation) {
  auto lo = std::lower_bound(edges.begin(), edges.end(), relation,
                             [](const Edge& e, RelationId r) { return e.relation < r; });
  auto hi = std::upper_bound(lo, edges.end(), relation, [](RelationId r, const Edge& e) { return r < e.relation; });
  return std::span<const Edge>(&*lo, static_cast<std::size_t>(hi - lo));
}

// Row `row` of a CSR array of entities.
EntityList csr_row(const std::vector<std::uint32_t>& offsets, const std::vector<EntityId>& members, std::uint32_t row) {
  return EntityList(std::span<const EntityId>(members.data() + offsets[row], offsets[row + 1] - offsets[row]));
}

// Distinct entities at one end of each relation, from the CSR rows of that end.
void relation_ends(std::size_t relations, const std::vector<std::uint32_t>& offsets, const std::vector<Edge>& edges,
                   std::vector<std::uint32_t>& ends_offsets, std::vector<EntityId>& ends) {
  std::vector<std::vector<EntityId>> per(relations);
  for (EntityId e = 0; e + 1 < offsets.size(); ++e) {
    RelationId last = kNone;
    for (std::uint32_t i = offsets[e]; i < offsets[e + 1]; ++i)
      if (edges[i].relation != last) per[last = edges[i].relation].push_back(e);
  }
  ends_offsets.assign(relations + 1, 0);
  for (std::size_t r = 0; r < relations; ++r)
    ends_offsets[r + 1] = ends_offsets[r] + static_cast<std::uint32_t>(per[r].size());
  ends.clear();
  ends.reserve(ends_offsets[relations]);
  for (auto& p : per) ends.insert(ends.end(), p.begin(), p.end());
}

// The entries of `index` in the byte order of their keys: renumbered[old] = new.
std::vector<std::uint32_t> renumber_by_key(IdIndex& index) {
  std::vector<std::uint32_t> order(index.size());
  for (std::uint32_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) { return index.id(a) < index.id(b); });
  std::vector<std::uint32_t> renumbered(order.size());
  IdIndex sorted;
  for (std::uint32_t i = 0; i < order.size(); ++i) {
    renumbered[order[i]] = i;
    sorted.insert(index.id(order[i]));
  }
  index = std::move(sorted);
  return renumbered;
}

// Per-entity values moved to the entities' new ids, and indexes into a renumbered table mapped.
void permute(std::vector<std::uint32_t>& values, const std::vector<std::uint32_t>& renumbered,
             const std::vector<std::uint32_t>* value_renumbered = nullptr) {
  std::vector<std::uint32_t> out(values.size());
  for (std::size_t i = 0; i < values.size(); ++i) {
    std::uint32_t v = values[i];
    out[renumbered[i]] = v == kNone || !value_renumbered ? v : (*value_renumbered)[v];
  }
  values = std::move(out);
}

// CSR of entities grouped by a per-entity key (a name or a type index).
void group_entities(const std::vector<std::uint32_t>& key_of, std::size_t keys, std::vector<std::uint32_t>& offsets,
                    std::vector<EntityId>& members) {
  offsets.assign(keys + 1, 0);
  for (auto k : key_of)
    if (k != kNone) ++offsets[k + 1];
  for (std::size_t i = 0; i < keys; ++i) offsets[i + 1] += offsets[i];
  members.resize(offsets[keys]);
  std::vector<std::uint32_t> cursor(offsets.begin(), offsets.end() - 1);
  for (EntityId e = 0; e < key_of.size(); ++e)
    if (key_of[e] != kNone) members[cursor[key_of[e]]++] = e;
}

}  // namespace

std::string_view MemoryGraph::entity_name(EntityId e) const {
  return has_name(e) ? name_strings_.id(names_[e]) : entities_.id(e);
}

std::optional<EntityId> MemoryGraph::find_entity(std::string_view key) const {
  std::uint32_t e = entities_.find(key);
  return e == IdIndex::kAbsent ? std::nullopt : std::optional<EntityId>(e);
}

std::optional<RelationId> MemoryGraph::find_relation(std::string_view name) const {
  std::uint32_t r = relations_.find(name);
  return r == IdIndex::kAbsent ? std::nullopt : std::optional<RelationId>(r);
}

std::optional<TypeId> MemoryGraph::find_type(std::string_view name) const {
  std::uint32_t t = type_names_.find(name);
  return t == IdIndex::kAbsent ? std::nullopt : std::optional<TypeId>(t);
}

std::span<const Edge> MemoryGraph::out_row(EntityId head) const {
  return std::span<const Edge>(out_edges_.data() + out_offsets_[head], out_offsets_[head + 1] - out_offsets_[head]);
}

std::span<const Edge> MemoryGraph::in_row(EntityId tail) const {
  return std::span<const Edge>(in_edges_.data() + in_offsets_[tail], in_offsets_[tail + 1] - in_offsets_[tail]);
}

EdgeList MemoryGraph::out_edges(EntityId head, RelationId relation) const {
  return EdgeList(edges_with(out_row(head), relation));
}

EdgeList MemoryGraph::in_edges(EntityId tail, RelationId relation) const {
  return EdgeList(edges_with(in_row(tail), relation));
}

bool MemoryGraph::has_triple(const Triple& t) const {
  auto edges = edges_with(out_row(t.head), t.relation);
  return std::binary_search(edges.begin(), edges.end(), Edge{t.relation, t.tail},
                            [](const Edge& a, const Edge& b) { return a.other < b.other; });
}

EntityList MemoryGraph::entities_named(std::string_view name) const {
  std::uint32_t n = name_strings_.find(name);
  if (n == IdIndex::kAbsent) return {};
  return csr_row(by_name_offsets_, by_name_, n);
}

EntityList MemoryGraph::entities_of_type(TypeId type) const {
  if (type == kNone || type + 1 >= by_type_offsets_.size()) return {};
  return csr_row(by_type_offsets_, by_type_, type);
}

EntityList MemoryGraph::relation_range(RelationId r) const { return csr_row(range_offsets_, range_, r); }

EntityList MemoryGraph::relation_domain(RelationId r) const { return csr_row(domain_offsets_, domain_, r); }

std::size_t MemoryGraph::memory_bytes() const {
  auto bytes = [](const auto& v) { return v.capacity() * sizeof(v[0]); };
  return entities_.memory_bytes() + relations_.memory_bytes() + type_names_.memory_bytes() +
         name_strings_.memory_bytes() + bytes(names_) + bytes(types_) + bytes(out_offsets_) + bytes(in_offsets_) +
         bytes(out_edges_) + bytes(in_edges_) + bytes(by_name_offsets_) + bytes(by_name_) + bytes(by_type_offsets_) +
         bytes(by_type_) + bytes(range_offsets_) + bytes(domain_offsets_) + bytes(range_) + bytes(domain_);
}

void MemoryGraphBuilder::reserve(std::size_t triples) { triples_.reserve(triples); }

EntityId MemoryGraphBuilder::entity(std::string_view key) {
  std::uint32_t existing = graph_.entities_.insert(key);
  if (existing != IdIndex::kAbsent) return existing;
  auto e = static_cast<EntityId>(graph_.entities_.size() - 1);
  graph_.names_.push_back(kNone);
  graph_.types_.push_back(kNone);
  return e;
}

void MemoryGraphBuilder::add_triple(std::string_view head, std::string_view relation, std::string_view tail) {
  EntityId h = entity(head), t = entity(tail);
  std::uint32_t r = graph_.relations_.insert(relation);
  if (r == IdIndex::kAbsent) r = static_cast<std::uint32_t>(graph_.relations_.size() - 1);
  triples_.push_back(Triple{h, r, t});
}

void MemoryGraphBuilder::set_name(std::string_view key, std::string_view name) {
  EntityId e = entity(key);
  std::uint32_t n = graph_.name_strings_.insert(name);
  if (n == IdIndex::kAbsent) n = static_cast<std::uint32_t>(graph_.name_strings_.size() - 1);
  graph_.names_[e] = n;
}

void MemoryGraphBuilder::add_relation(std::string_view name) { graph_.relations_.insert(name); }

void MemoryGraphBuilder::set_type(std::string_view key, std::string_view type) {
  EntityId e = entity(key);
  std::uint32_t t = graph_.type_names_.insert(type);
  if (t == IdIndex::kAbsent) t = static_cast<std::uint32_t>(graph_.type_names_.size() - 1);
  graph_.types_[e] = t;
}

void MemoryGraphBuilder::number_by_key() {
  MemoryGraph& g = graph_;
  const auto entities = renumber_by_key(g.entities_), relations = renumber_by_key(g.relations_),
             types = renumber_by_key(g.type_names_);
  for (Triple& t : triples_) t = Triple{entities[t.head], relations[t.relation], entities[t.tail]};
  permute(g.names_, entities);
  permute(g.types_, entities, &types);
}

MemoryGraph MemoryGraphBuilder::build() {
  number_by_key();
  std::sort(triples_.begin(), triples_.end());
  triples_.erase(std::unique(triples_.begin(), triples_.end()), triples_.end());
  MemoryGraph& g = graph_;
  const std::size_t n = g.entities_.size();
  build_csr(n, triples_, true, g.out_offsets_, g.out_edges_);
  build_csr(n, triples_, false, g.in_offsets_, g.in_edges_);
  std::vector<Triple>().swap(triples_);
  relation_ends(g.relations_.size(), g.in_offsets_, g.in_edges_, g.range_offsets_, g.range_);
  relation_ends(g.relations_.size(), g.out_offsets_, g.out_edges_, g.domain_offsets_, g.domain_);
  group_entities(g.names_, g.name_strings_.size(), g.by_name_offsets_, g.by_name_);
  group_entities(g.types_, g.type_names_.size(), g.by_type_offsets_, g.by_type_);
  g.out_edges_.shrink_to_fit();
  g.in_edges_.shrink_to_fit();
  return std::move(graph_);
}

}  // namespace caqa::kg
