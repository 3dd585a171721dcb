#include "caqa/reader/batch.h"

#include <algorithm>
#include <array>

namespace caqa::reader {

namespace {

void pad_side(const std::vector<const TokenRows*>& texts, std::uint32_t buckets, SideBatch& out) {
  out.length = 0;
  for (const TokenRows* t : texts) out.length = std::max(out.length, static_cast<int>(t->size()));
  for (const TokenRows* t : texts) {
    const int len = static_cast<int>(t->size());
    out.lengths.push_back(len);
    for (int s = 0; s < out.length; ++s) {
      if (s < len) {
        const std::uint32_t begin = t->offsets[s], end = t->offsets[s + 1];
        const float share = 1.0f / static_cast<float>(end - begin);
        for (std::uint32_t f = begin; f < end; ++f) {
          out.ids.push_back(t->ids[f]);
          out.weights.push_back(share);
        }
        out.ids.push_back(buckets + (t->exact[s] ? 1u : 0u));
        out.weights.push_back(1.0f);
      }
      out.offsets.push_back(static_cast<std::uint32_t>(out.ids.size()));
      out.mask.push_back(s < len ? 1.0f : 0.0f);
    }
  }
}

void index_side(const SideBatch& side, std::uint32_t first_slot, std::vector<std::array<std::uint32_t, 3>>& uses) {
  for (std::size_t slot = 0; slot + 1 < side.offsets.size(); ++slot)
    for (std::uint32_t f = side.offsets[slot]; f < side.offsets[slot + 1]; ++f)
      uses.push_back({side.ids[f], first_slot + static_cast<std::uint32_t>(slot), f});
}

}  // namespace

HostBatch assemble_batch(const std::vector<ReaderExample>& examples, const std::size_t* order, std::size_t count,
                         std::uint32_t buckets) {
  HostBatch out;
  out.size = static_cast<int>(count);
  std::vector<const TokenRows*> hyp, prem;
  for (std::size_t k = 0; k < count; ++k) {
    const ReaderExample& ex = examples[order[k]];
    hyp.push_back(&ex.hypothesis);
    prem.push_back(&ex.premise);
    out.labels.push_back(ex.label);
  }
  pad_side(hyp, buckets, out.hypothesis);
  pad_side(prem, buckets, out.premise);
  // (row, slot, feature index), sorted by row then slot: each row's sum runs in slot order.
  std::vector<std::array<std::uint32_t, 3>> uses;
  index_side(out.hypothesis, 0, uses);
  const std::uint32_t premise_slots = static_cast<std::uint32_t>(out.size * out.hypothesis.length);
  index_side(out.premise, premise_slots, uses);
  std::sort(uses.begin(), uses.end());
  TableScatter& s = out.scatter;
  for (const auto& [row, slot, f] : uses) {
    if (s.rows.empty() || s.rows.back() != row) {
      if (!s.rows.empty()) s.offsets.push_back(static_cast<std::uint32_t>(s.slots.size()));
      s.rows.push_back(row);
    }
    s.slots.push_back(slot);
    const bool premise = slot >= premise_slots;
    s.weights.push_back(premise ? out.premise.weights[f] : out.hypothesis.weights[f]);
  }
  if (!s.rows.empty()) s.offsets.push_back(static_cast<std::uint32_t>(s.slots.size()));
  return out;
}

}  // namespace caqa::reader
