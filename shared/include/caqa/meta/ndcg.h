// NDCG@k of ranking each group's items by metric score, with relevance = support level
// (2, 1, 0) as linear gain and 1/log2(rank + 1) discount (Zhang et al., INLG 2024,
// section 3.2.3). Tied scores are never broken by id or file order (that would make the
// number depend on naming): every position in a block of equal scores gets the block's
// mean gain (McSherry & Najork 2008, scikit-learn's ndcg_score with ignore_ties=False);
// a block that straddles k counts only its positions up to k.
#pragma once

#include <cstdint>
#include <vector>

#include "caqa/meta/meta_items.h"

namespace caqa {

inline constexpr std::array<int, 3> kNdcgCutoffs = {5, 10, 20};

struct GroupNdcg {
  std::uint32_t group;
  std::uint64_t n;
  std::array<double, 3> ndcg;  // at kNdcgCutoffs; 0 when the group holds no relevant item
};

struct NdcgResult {
  std::vector<GroupNdcg> groups;  // groups with at least 2 items, in group order
  std::array<double, 3> mean{};   // unweighted mean over those groups; NaN when none
  std::size_t skipped_lt2 = 0, all_irrelevant = 0;
};

NdcgResult ndcg(const MetaItems& items);
// With the items' indices already in ascending score order (score_order): no other sort.
NdcgResult ndcg(const MetaItems& items, const std::vector<std::uint32_t>& order);

// Item indices by ascending score: the meta track's one sort.
std::vector<std::uint32_t> score_order(const std::vector<double>& scores);

}  // namespace caqa
