// caqa meta's bootstrap, replicates only: the CPU twin on 1 and on all threads and, when a
// GPU answers, the CUDA twin (whose sums must equal the CPU's bit for bit), on generated
// pairs with full-precision scores (every score distinct) and with scores rounded to one
// decimal (11 distinct values). bench/run_meta_bench.sh runs it beside caqa meta end to end.
//   meta_bench [N=1000000] [RESAMPLES=1000] [RUNS=3] [few|full]
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "caqa/meta/resampling.h"
#include "caqa/rng.h"
#include "compute/cuda_status.h"
#include "thread_runner.h"
#ifdef CAQA_WITH_CUDA
#include "cuda/meta_resample.h"
#endif

namespace {

using caqa::resample::RankSums;

// Scores that track the level with noise: rounded to `decimals` (-1 = full precision).
caqa::ScoreCells make_cells(std::uint64_t n, int decimals) {
  caqa::Rng rng(7);
  std::vector<double> scores(n);
  std::vector<caqa::SupportLevel> levels(n);
  for (std::uint64_t i = 0; i < n; ++i) {
    const int level = static_cast<int>(rng.uniform() * 3);
    double s = std::min(1.0, std::max(0.0, 0.25 * level + 0.5 * rng.uniform()));
    if (decimals >= 0) s = std::round(s * std::pow(10, decimals)) / std::pow(10, decimals);
    scores[i] = s;
    levels[i] = static_cast<caqa::SupportLevel>(level);
  }
  return caqa::score_cells(scores, levels);
}

template <class F>
double best_seconds(int runs, F&& f) {
  double best = 1e300;
  for (int i = 0; i < runs; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    f();
    best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  return best;
}

bool same_bits(const std::vector<RankSums>& a, const std::vector<RankSums>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(RankSums)) == 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::uint64_t n = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1000000;
  const std::uint64_t reps = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 1000;
  const int runs = argc > 3 ? std::atoi(argv[3]) : 3;
  const std::string only = argc > 4 ? argv[4] : "";  // "few" or "full": one case (for profiles)
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  const std::uint64_t key = caqa::resample::stream_key(13, caqa::kCellStream);
  std::string why;
  const bool gpu = caqa::compute::cuda_usable(why);
  fmt::print("meta bootstrap, {} pairs, {} resamples, best of {}; GPU: {}\n", n, reps, runs, why);
  fmt::print("{:<26} {:>9} {:>12} {:>12} {:>12} {:>10}\n", "scores", "distinct", "cpu 1 thread", "cpu all", "cuda",
             "cuda = cpu");
  double few = 0, all_distinct = 0;
  for (int decimals : {1, -1}) {
    if ((only == "few" && decimals < 0) || (only == "full" && decimals >= 0)) continue;
    const caqa::ScoreCells cells = make_cells(n, decimals);
    const caqa::ResampleLayout layout = caqa::resample_layout(cells);
    std::vector<RankSums> cpu(reps), cpu_all(reps), cuda(reps);
    std::string error;
    const double one = best_seconds(runs, [&] {
      caqa::cpu_resample_backend(caqa::cli::thread_runner(1))(layout, key, 0, reps, cpu.data(), error);
    });
    const double all = best_seconds(runs, [&] {
      caqa::cpu_resample_backend(caqa::cli::thread_runner(0))(layout, key, 0, reps, cpu_all.data(), error);
    });
    std::string gpu_time = "-", gpu_same = "-";
#ifdef CAQA_WITH_CUDA
    if (gpu) {
      caqa::cuda::meta_resample(layout, key, 0, 1, cuda.data(), error);  // warm-up: context, module load
      bool ok = true;
      const double t =
          best_seconds(runs, [&] { ok = ok && caqa::cuda::meta_resample(layout, key, 0, reps, cuda.data(), error); });
      gpu_time = ok ? fmt::format("{:.1f} ms", t * 1e3) : "failed: " + error;
      gpu_same = ok ? (same_bits(cpu, cuda) ? "yes" : "NO") : "-";
    }
#endif
    (decimals < 0 ? all_distinct : few) = all;
    fmt::print("{:<26} {:>9} {:>9.1f} ms {:>9.1f} ms {:>12} {:>10}{}\n",
               decimals < 0 ? "full precision" : "one decimal", cells.scores.size(), one * 1e3, all * 1e3, gpu_time,
               gpu_same, same_bits(cpu, cpu_all) ? "" : "  (CPU threads DIFFER)");
  }
  // The ratio only when both cases ran (one case alone: nothing to compare).
  if (few > 0 && all_distinct > 0)
    fmt::print("cost all-distinct / few-distinct (cpu, {} threads): {:.2f}x (target <= 2x)\n", cores,
               all_distinct / few);
  return 0;
}
