// The meta-evaluation track: how well a metric's scores track human support levels.
#pragma once

#include <optional>
#include <string>

#include "caqa/meta/meta_items.h"
#include "caqa/meta/ndcg.h"
#include "caqa/meta/rank_metrics.h"
#include "caqa/meta/resampling.h"
#include "caqa/metrics/bootstrap.h"

namespace caqa {

inline constexpr int kMetaSchemaVersion = 1;

struct MetaIntervals {
  Interval pearson, spearman, kendall_tau_b;
  std::array<Interval, 3> auc;
  Interval auc_mean;
  std::array<Interval, 3> ndcg;  // resampling groups
};

// How meta_report runs its bootstrap: a backend for the correlation and ROC-AUC
// replicates (none: the CPU twin) and threads for the CPU work (none: the caller's).
struct MetaResampler {
  std::string name = "cpu";
  ResampleBackend backend;
  ParallelFor runner;
};

struct MetaReport {
  std::string source_name, gold_name, gold_sha256;
  std::size_t n = 0, without_score = 0;
  std::array<std::uint64_t, kSupportLevelCount> level_counts{};
  Correlations correlation{};
  OneVsOneAuc auc{};
  NdcgResult ndcg;
  std::string group_by;
  std::vector<std::string> group_names;
  BootstrapOptions bootstrap{};
  std::optional<MetaIntervals> intervals;
  std::string signature;
  // The backend that computed the replicates ("cpu", "cuda"), and why the CPU twin took
  // over when the chosen one failed ("" when it did not): for the front end to say.
  std::string resampled_by;
  std::string resample_fallback;
};

MetaReport meta_report(const MetaItems& items, const BootstrapOptions& bootstrap, std::string source_name,
                       std::string gold_name = {}, std::string gold_sha256 = {}, const MetaResampler& resampler = {});

std::string meta_report_json(const MetaReport& report);
std::string render_meta_table(const MetaReport& report);
std::string render_meta_markdown(const MetaReport& report);

}  // namespace caqa
