// Leaderboard ranking with ties: an entry's rank is 1 + the number of entries that
// beat it significantly, where A beats B significantly when A's score is higher and
// either the paired test of A against B gives p < alpha or their confidence
// intervals do not overlap (A's low end above B's high end). Entries are listed by
// score; consecutive entries that the one above does not beat significantly share a
// tie group. Pure: no I/O, the caller supplies the scores, intervals and p-values.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "caqa/metrics/bootstrap.h"

namespace caqa::leaderboard {

struct RankInput {
  std::string key;   // stable name, breaks exact score ties in the listing order
  double score = 0;  // e.g. micro-F1
  Interval ci{};     // e.g. its 95% bootstrap interval
};

// Two-sided p-values of the paired test between entries i and j (symmetric,
// p(i, i) unused). NaN means "no paired test": only the intervals decide then.
class PairwiseP {
 public:
  explicit PairwiseP(std::size_t n);
  void set(std::size_t i, std::size_t j, double p);
  double get(std::size_t i, std::size_t j) const;
  std::size_t size() const { return n_; }

 private:
  std::size_t n_;
  std::vector<double> p_;
};

struct RankedEntry {
  std::size_t index = 0;      // into the inputs
  int rank = 1;               // 1 + beaten_by
  std::size_t beaten_by = 0;  // entries that beat this one significantly
  int tie_group = 1;          // 1, 2, ... in listing order
  bool has_above = false;     // false for the first entry
  double p_vs_above = 0;      // paired test against the entry listed above (NaN if none)
  bool cis_overlap_above = true;
  bool beaten_by_above = false;  // the entry above beats this one significantly
};

struct RankOptions {
  double alpha = 0.05;
};

// True when a beats b significantly (see the top of this file).
bool beats(const RankInput& a, const RankInput& b, double p, const RankOptions& options = {});

// Listing order: score descending, then key ascending. Deterministic.
std::vector<RankedEntry> rank_entries(const std::vector<RankInput>& inputs, const PairwiseP& p,
                                      const RankOptions& options = {});

}  // namespace caqa::leaderboard
