// Per-element code of the meta track's index-resampling bootstrap, shared by the CPU twin
// (shared/src/meta/resample_cpu.cpp) and the CUDA twin (native/cuda/meta_resample.cu).
//
// A replicate draws n item indices with replacement (draw_index: a counter-based hash of
// the seed, the replicate and the draw, so every backend and every schedule draws the same
// indices), counts the draws per cell (distinct score x support level), then passes once
// over the cells in ascending score order, accumulating the sums that Pearson, Spearman,
// Kendall's tau-b and the three one-vs-one ROC-AUCs need (add_cell). Cells are summed in
// chunks of kChunkCells, and the chunk sums folded in chunk order, by both backends: the
// floating-point additions happen in one fixed order, so the twins agree bit for bit (the
// integer sums are exact anyway). Cost per replicate: n draws plus one pass over the
// cells, whatever the number of distinct scores.
#pragma once

#include <stdint.h>

#include "caqa/host_device.h"

namespace caqa::resample {

inline constexpr int kLevels = 3;             // no 0, partial 1, full 2 (caqa::SupportLevel)
inline constexpr uint32_t kChunkCells = 256;  // distinct scores per chunk: the summation order

// SplitMix64's output function (Steele, Lea & Flood 2014).
CAQA_HD inline uint64_t mix64(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

CAQA_HD inline uint64_t mul_high(uint64_t a, uint64_t b) {
#if defined(__CUDA_ARCH__)
  return __umul64hi(a, b);
#else
  return static_cast<uint64_t>((static_cast<unsigned __int128>(a) * b) >> 64);
#endif
}

// A stream key per seed and purpose (cells, groups), so the two draws never share numbers.
CAQA_HD inline uint64_t stream_key(uint64_t seed, uint64_t purpose) {
  return mix64(seed ^ mix64(purpose + 0x9E3779B97F4A7C15ull));
}

// Draw k of replicate r, uniform in [0, n): position r * n + k of the SplitMix64 stream that
// starts at key, scaled by a 64 x 64 -> 128-bit multiply (bias below n / 2^64).
CAQA_HD inline uint64_t draw_index(uint64_t key, uint64_t replicate, uint64_t k, uint64_t n) {
  const uint64_t position = replicate * n + k + 1;
  return mul_high(mix64(key + position * 0x9E3779B97F4A7C15ull), n);
}

// How the per-cell code converts its integer sums: one lane (int64_t, every backend) or,
// on the CPU, several replicates at once in vector lanes, their integers held as int64 or
// as doubles (exact below 2^53; lane_draw_counts.h specializes it).
template <class I>
struct Lanes;
template <>
struct Lanes<int64_t> {
  using Real = double;
  CAQA_HD static double real(int64_t x) { return static_cast<double>(x); }
};

// What one replicate sums over its cells (I: its integers, F: its reals; in lanes on the
// CPU, one replicate per lane). Scores enter centred on the sample mean (dx). Ranks are
// doubled so that every average rank is an integer: R = 2 * before + M - n is twice a
// cell's average rank minus (n + 1). Kendall's P - Q needs no sum of its own: it is
// twice_u's three sums minus the pairs of different levels (replicate_stats).
template <class I, class F = typename Lanes<I>::Real>
struct RankSumsOf {
  I level[kLevels];          // draws per support level
  F sx, sxx, sxy;            // Pearson: sum M dx, sum M dx^2, sum (m1 + 2 m2) dx
  I rank_by_level[kLevels];  // Spearman: sum over cells of m_l * R
  F rank_sq;                 // Spearman: sum M R^2
  I tied_score_pairs;        // sum M (M - 1) / 2
  I twice_u[3];              // ROC-AUC FS/NS, FS/PS, PS/NS: sum m_pos (2 lower_neg + m_neg)
};
using RankSums = RankSumsOf<int64_t>;

template <class I, class F>
CAQA_HD inline void clear(RankSumsOf<I, F>& s) {
  for (int l = 0; l < kLevels; ++l) s.level[l] = I{}, s.rank_by_level[l] = I{};
  s.sx = s.sxx = s.sxy = s.rank_sq = F{};
  s.tied_score_pairs = I{};
  for (int p = 0; p < 3; ++p) s.twice_u[p] = I{};
}

// One cell (a distinct score) with m[l] draws of level l, after lower[l] draws of each level
// at smaller scores, in a replicate of n draws. Branch-free: a cell nobody drew adds zeros,
// and a sum that starts at +0.0 keeps its bits when a zero of either sign is added, so
// adding an undrawn cell and skipping it give the same sums.
// N: n in the type the integers mix with (int64_t, or double for integers held in doubles).
template <class I, class F, class N>
CAQA_HD inline void add_cell(RankSumsOf<I, F>& s, const I* m, double dx, const I* lower, N n) {
  const I total = m[0] + m[1] + m[2];
  const F dm = Lanes<I>::real(total);
  s.sx += dm * dx;
  s.sxx += dm * dx * dx;
  s.sxy += Lanes<I>::real(m[1] + 2 * m[2]) * dx;
  const I rank = 2 * (lower[0] + lower[1] + lower[2]) + total - n;
  for (int l = 0; l < kLevels; ++l) {
    s.level[l] += m[l];
    s.rank_by_level[l] += m[l] * rank;
  }
  const F dr = Lanes<I>::real(rank);
  s.rank_sq += dm * dr * dr;
  s.tied_score_pairs += total * (total - 1) / 2;  // even and non-negative: exact in either type
  const I below0 = 2 * lower[0] + m[0], below1 = 2 * lower[1] + m[1];
  s.twice_u[0] += m[2] * below0;
  s.twice_u[1] += m[2] * below1;
  s.twice_u[2] += m[1] * below0;
}

// a += b, field by field (the fold of chunk sums in chunk order).
template <class I, class F>
CAQA_HD inline void add_sums(RankSumsOf<I, F>& a, const RankSumsOf<I, F>& b) {
  for (int l = 0; l < kLevels; ++l) a.level[l] += b.level[l], a.rank_by_level[l] += b.rank_by_level[l];
  a.sx += b.sx;
  a.sxx += b.sxx;
  a.sxy += b.sxy;
  a.rank_sq += b.rank_sq;
  a.tied_score_pairs += b.tied_score_pairs;
  for (int p = 0; p < 3; ++p) a.twice_u[p] += b.twice_u[p];
}

}  // namespace caqa::resample
