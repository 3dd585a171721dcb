#include "caqa/kg/stand_ins.h"

#include <algorithm>
#include <mutex>
#include <unordered_map>

namespace caqa::kg {

namespace {

// How many facts name the entity.
double familiarity(EntityId e, const KnowledgeGraph& kg) { return static_cast<double>(kg.degree(e)); }

const WeightedPool kEmpty;

}  // namespace

void WeightedPool::add(EntityId entity, double weight) {
  entities_.push_back(entity);
  totals_.push_back((totals_.empty() ? 0.0 : totals_.back()) + weight);
}

void WeightedPool::finish() {
  if (std::adjacent_find(entities_.begin(), entities_.end(), std::greater_equal<>()) == entities_.end()) return;
  index_.clear();
  for (std::size_t i = 0; i < entities_.size(); ++i) index_.emplace_back(entities_[i], static_cast<std::uint32_t>(i));
  std::sort(index_.begin(), index_.end());
}

void WeightedPool::positions_of(std::span<const EntityId> excluded, std::vector<std::uint32_t>& out) const {
  for (std::size_t k = 0; k < excluded.size(); ++k) {
    const EntityId e = excluded[k];
    if (k > 0 && excluded[k - 1] == e) continue;
    if (index_.empty()) {
      auto at = std::lower_bound(entities_.begin(), entities_.end(), e);
      if (at != entities_.end() && *at == e) out.push_back(static_cast<std::uint32_t>(at - entities_.begin()));
    } else {
      auto at = std::lower_bound(index_.begin(), index_.end(), std::pair<EntityId, std::uint32_t>(e, 0));
      for (; at != index_.end() && at->first == e; ++at) out.push_back(at->second);
    }
  }
  std::sort(out.begin(), out.end());
}

std::optional<EntityId> WeightedPool::draw(std::span<const EntityId> excluded, Rng& rng) const {
  std::vector<std::uint32_t> out;
  out.reserve(excluded.size());
  positions_of(excluded, out);
  if (out.size() >= entities_.size()) return std::nullopt;
  double dropped = 0;
  for (std::uint32_t p : out) dropped += weight(p);
  const double at = rng.uniform() * (totals_.back() - dropped);
  // Between two excluded positions the others' running total is totals_ less the weight
  // excluded before them.
  dropped = 0;
  std::size_t begin = 0;
  for (std::size_t j = 0; j <= out.size(); ++j) {
    const std::size_t end = j < out.size() ? out[j] : entities_.size();
    auto first = totals_.begin() + static_cast<std::ptrdiff_t>(begin),
         last = totals_.begin() + static_cast<std::ptrdiff_t>(end);
    auto hit = std::partition_point(first, last, [&](double total) { return total - dropped <= at; });
    if (hit != last) return entities_[static_cast<std::size_t>(hit - totals_.begin())];
    if (j < out.size()) {
      dropped += weight(out[j]);
      begin = out[j] + 1;
    }
  }
  std::size_t i = entities_.size() - 1;
  for (std::size_t j = out.size(); j > 0 && out[j - 1] == i; --j) --i;
  return entities_[i];
}

struct StandIns::Cache {
  struct End {
    std::once_flag once;
    WeightedPool all;
    std::unordered_map<TypeId, WeightedPool> by_type;
  };
  struct Type {
    std::once_flag once;
    WeightedPool pool;
  };
  std::vector<End> ends;  // [relation * 2 + (head end ? 0 : 1)]
  std::vector<Type> types;
};

StandIns::StandIns(const KnowledgeGraph& kg) : kg_(kg), cache_(std::make_unique<Cache>()) {
  cache_->ends = std::vector<Cache::End>(kg.relation_count() * 2);
  cache_->types = std::vector<Cache::Type>(kg.type_count());
}

StandIns::~StandIns() = default;

const WeightedPool& StandIns::at(RelationId relation, bool head_end) const {
  Cache::End& end = cache_->ends[static_cast<std::size_t>(relation) * 2 + (head_end ? 0 : 1)];
  std::call_once(end.once, [&] {
    for (EntityId e : head_end ? kg_.relation_domain(relation) : kg_.relation_range(relation)) {
      const double w = familiarity(e, kg_);
      end.all.add(e, w);
      if (const TypeId type = kg_.entity_type(e); type != kNone) end.by_type[type].add(e, w);
    }
    end.all.finish();
    for (auto& [type, pool] : end.by_type) pool.finish();
  });
  return end.all;
}

const WeightedPool& StandIns::at(RelationId relation, bool head_end, TypeId type) const {
  at(relation, head_end);
  const auto& by_type = cache_->ends[static_cast<std::size_t>(relation) * 2 + (head_end ? 0 : 1)].by_type;
  auto it = by_type.find(type);
  return it == by_type.end() ? kEmpty : it->second;
}

const WeightedPool& StandIns::of_type(TypeId type) const {
  if (type >= cache_->types.size()) return kEmpty;
  Cache::Type& slot = cache_->types[type];
  std::call_once(slot.once, [&] {
    for (EntityId e : kg_.entities_of_type(type)) slot.pool.add(e, familiarity(e, kg_));
    slot.pool.finish();
  });
  return slot.pool;
}

}  // namespace caqa::kg
