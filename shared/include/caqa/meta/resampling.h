// The meta track's bootstrap of the correlations and one-vs-one ROC-AUCs: index
// resampling (n items drawn with replacement per replicate), whose cost is n draws plus
// one pass over the distinct scores, whatever their number. Backends fill RankSums per
// replicate (caqa/meta/resample_kernels.h): the CPU twin here, the CUDA twin in
// native/cuda/meta_resample.cu; both give the same bits, so a report never depends on the
// machine that computed it.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "caqa/meta/rank_metrics.h"
#include "caqa/meta/resample_kernels.h"
#include "caqa/meta/score_cells.h"
#include "caqa/parallel.h"

namespace caqa {

// The items laid out for resampling: item i is in cell item_cell(i), items of one cell
// next to each other, cells in ascending score order, levels no, partial, full within a
// score. The order comes from the cells alone, never from the input file.
struct ResampleLayout {
  std::vector<double> dx;                 // per distinct score, ascending: score minus the mean score
  std::vector<std::uint32_t> cell_start;  // first item of cell b * 3 + l; one more entry: the item count
  std::vector<std::uint8_t> item_level;   // the level of each item (the CPU twin's pass reads it)
  std::uint64_t items() const { return cell_start.empty() ? 0 : cell_start.back(); }
  std::size_t scores() const { return dx.size(); }
  std::size_t chunks() const { return (scores() + resample::kChunkCells - 1) / resample::kChunkCells; }
};
ResampleLayout resample_layout(const ScoreCells& cells);

// Fills sums[i] with replicate first + i, for i < count. False with error set when the
// backend could not run (the caller reports it; no partial result is used).
using ResampleBackend = std::function<bool(const ResampleLayout& layout, std::uint64_t key, std::uint64_t first,
                                           std::uint64_t count, resample::RankSums* sums, std::string& error)>;

// How the CPU twin holds a replicate's integer sums: as doubles where that is exact (fewer
// than 2^26 items; faster) or as int64. Both give the same bits; Auto takes doubles where
// it can, and Double falls back to int64 where doubles are not exact.
enum class CpuIntegers { Auto, Int64, Double };

// The CPU twin: replicates spread over runner's threads (in order on the caller's thread
// without one), each replicate's sums in the fixed chunk order.
ResampleBackend cpu_resample_backend(ParallelFor runner = {}, CpuIntegers integers = CpuIntegers::Auto);

// The statistics of one replicate of n draws; NaN where one is undefined (a constant side,
// an empty level).
struct ReplicateStats {
  Correlations correlation;
  OneVsOneAuc auc;
};
ReplicateStats replicate_stats(const resample::RankSums& sums, std::uint64_t n);

// The stream key of the cell draws and of the group draws (NDCG) for a bootstrap seed.
inline constexpr std::uint64_t kCellStream = 1, kGroupStream = 2;

}  // namespace caqa
