// The entities that may stand in for another in an edited subgraph (subgraph_edit.h):
// those at one end of a relation, or of one type, each weighted by its familiarity (how
// many facts name it: stand-ins drawn by it are as familiar as the entities true facts
// name, where a uniform pick would bring in obscure ones that a citation-only model learns
// to read as "contradictory"). Worked out once per relation end and type, and shared by
// every question of a build on any thread: a draw is a binary search over running totals,
// not a pass over the list.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "caqa/kg/graph.h"
#include "caqa/rng.h"

namespace caqa::kg {

// Entities in a fixed order with whole-number weights (counts), so that every running
// total, and every total less some entities' weights, is exact.
class WeightedPool {
 public:
  void add(EntityId entity, double weight);
  // Call once every entity is added: the lookup by entity for draw's exclusions.
  void finish();
  std::size_t size() const { return entities_.size(); }

  // One entity not in `excluded` (sorted), drawn with one rng.uniform() as by a pass over
  // the others alone: u * (their total weight), then the first whose running total passes
  // it (the last one when none does). nullopt, drawing nothing, when none is left.
  std::optional<EntityId> draw(std::span<const EntityId> excluded, Rng& rng) const;

 private:
  double weight(std::size_t i) const { return totals_[i] - (i == 0 ? 0.0 : totals_[i - 1]); }
  // Positions of the entities in `excluded`, ascending.
  void positions_of(std::span<const EntityId> excluded, std::vector<std::uint32_t>& out) const;

  std::vector<EntityId> entities_;
  std::vector<double> totals_;                             // running totals of the weights
  std::vector<std::pair<EntityId, std::uint32_t>> index_;  // (entity, position) sorted; empty when entities_ is
};

class StandIns {
 public:
  explicit StandIns(const KnowledgeGraph& kg);
  ~StandIns();
  // relation_domain (head end) or relation_range (tail end) of the relation.
  const WeightedPool& at(RelationId relation, bool head_end) const;
  // Those of at(relation, head_end) whose type is `type`, in the same order.
  const WeightedPool& at(RelationId relation, bool head_end, TypeId type) const;
  // entities_of_type(type).
  const WeightedPool& of_type(TypeId type) const;

 private:
  struct Cache;
  const KnowledgeGraph& kg_;
  std::unique_ptr<Cache> cache_;
};

}  // namespace caqa::kg
