#include "caqa/meta/meta_report.h"

#include <cmath>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "../report/report_envelope.h"
#include "caqa/report.h"

namespace caqa {

namespace {

using Json = detail::ReportJson;

constexpr std::array<std::string_view, 3> kAucNames = {"FS_vs_NS", "FS_vs_PS", "PS_vs_NS"};

// Percentile interval over the defined (finite) replicate values.
Interval finite_interval(std::vector<double> values, double level) {
  std::vector<double> finite;
  for (double v : values)
    if (std::isfinite(v)) finite.push_back(v);
  double lo = (1 - level) / 2 * 100;
  return {percentile(finite, lo), percentile(finite, 100 - lo)};
}

// Correlations and ROC-AUC: index resampling of the items (caqa/meta/resampling.h) on the
// chosen backend. NDCG: the groups (queries) drawn with replacement. Every draw comes from a
// counter-based stream, so each replicate is the same on any backend and thread count.
MetaIntervals bootstrap_meta(const ScoreCells& cells, const NdcgResult& ndcg, const BootstrapOptions& options,
                             const MetaResampler& resampler, MetaReport& report) {
  const std::uint32_t reps = options.resamples;
  const ResampleLayout layout = resample_layout(cells);
  std::vector<resample::RankSums> sums(reps);
  const std::uint64_t key = resample::stream_key(options.seed, kCellStream);
  report.resampled_by = resampler.backend ? resampler.name : "cpu";
  std::string error;
  if (!resampler.backend || !resampler.backend(layout, key, 0, reps, sums.data(), error)) {
    if (resampler.backend) {
      report.resample_fallback = error;
      report.resampled_by = "cpu";
    }
    cpu_resample_backend(resampler.runner)(layout, key, 0, reps, sums.data(), error);
  }
  std::vector<double> pearson(reps), spearman(reps), kendall(reps), auc_mean(reps);
  std::array<std::vector<double>, 3> auc;
  for (auto& v : auc) v.resize(reps);
  for (std::uint32_t r = 0; r < reps; ++r) {
    const ReplicateStats s = replicate_stats(sums[r], layout.items());
    pearson[r] = s.correlation.pearson;
    spearman[r] = s.correlation.spearman;
    kendall[r] = s.correlation.kendall_tau_b;
    for (int p = 0; p < 3; ++p) auc[p][r] = s.auc.auc[p];
    auc_mean[r] = s.auc.mean;
  }
  std::array<std::vector<double>, 3> ndcg_means;
  for (auto& v : ndcg_means) v.assign(reps, std::nan(""));
  const std::uint64_t groups = ndcg.groups.size(), group_key = resample::stream_key(options.seed, kGroupStream);
  if (groups > 0)
    run_each(resampler.runner, reps, [&](std::size_t r) {
      std::array<double, 3> sum{};
      for (std::uint64_t i = 0; i < groups; ++i) {
        const GroupNdcg& g = ndcg.groups[resample::draw_index(group_key, r, i, groups)];
        for (std::size_t k = 0; k < kNdcgCutoffs.size(); ++k) sum[k] += g.ndcg[k];
      }
      for (std::size_t k = 0; k < kNdcgCutoffs.size(); ++k) ndcg_means[k][r] = sum[k] / static_cast<double>(groups);
    });
  MetaIntervals out;
  out.pearson = finite_interval(pearson, options.level);
  out.spearman = finite_interval(spearman, options.level);
  out.kendall_tau_b = finite_interval(kendall, options.level);
  for (int p = 0; p < 3; ++p) out.auc[p] = finite_interval(auc[p], options.level);
  out.auc_mean = finite_interval(auc_mean, options.level);
  for (std::size_t k = 0; k < kNdcgCutoffs.size(); ++k) out.ndcg[k] = finite_interval(ndcg_means[k], options.level);
  return out;
}

Json number(double v) { return detail::number_or_null(v); }

}  // namespace

MetaReport meta_report(const MetaItems& items, const BootstrapOptions& bootstrap, std::string source_name,
                       std::string gold_name, std::string gold_sha256, const MetaResampler& resampler) {
  MetaReport r;
  r.source_name = std::move(source_name);
  r.gold_name = std::move(gold_name);
  r.gold_sha256 = std::move(gold_sha256);
  r.n = items.size();
  r.without_score = items.without_score;
  for (SupportLevel l : items.levels) ++r.level_counts[level_value(l)];
  const std::vector<std::uint32_t> order = score_order(items.scores);  // the one sort
  ScoreCells cells = score_cells(items.scores, items.levels, order);
  r.correlation = correlations(cells);
  r.auc = one_vs_one_auc(cells);
  r.ndcg = ndcg(items, order);
  r.group_by = items.group_by;
  r.group_names = items.group_names;
  r.bootstrap = bootstrap;
  if (bootstrap.resamples > 0 && r.n > 0) r.intervals = bootstrap_meta(cells, r.ndcg, bootstrap, resampler, r);
  r.signature = fmt::format("caqa-meta:{}|n:{}|levels:full=2,partial=1,no=0|groups:{}|ties:averaged",
                            kMetaSchemaVersion, r.n, r.group_by);
  // resample:items names the bootstrap (items drawn with replacement; NDCG: groups).
  r.signature += r.intervals ? fmt::format("|boot:{}|seed:{}|level:{}|resample:items", bootstrap.resamples,
                                           bootstrap.seed, bootstrap.level)
                             : std::string("|boot:0");
  r.signature += fmt::format("|version:{}", kVersion);
  return r;
}

std::string meta_report_json(const MetaReport& r) {
  const MetaIntervals* ci = r.intervals ? &*r.intervals : nullptr;
  auto interval = [&](const Interval& i) { return detail::ci_json(i, r.bootstrap.level); };
  Json j = detail::report_envelope("meta", kMetaSchemaVersion, r.signature);
  j["source"] = r.source_name;
  if (!r.gold_name.empty()) {
    j["gold"] = r.gold_name;
    j["gold_sha256"] = r.gold_sha256;
  }
  j["n_used"] = r.n;
  j["n_without_valid_score"] = r.without_score;
  j["level_counts"] =
      Json{{"full_2", r.level_counts[2]}, {"partial_1", r.level_counts[1]}, {"no_0", r.level_counts[0]}};
  Json corr{{"pearson", number(r.correlation.pearson)},
            {"spearman", number(r.correlation.spearman)},
            {"kendall_tau_b", number(r.correlation.kendall_tau_b)}};
  if (ci) {
    corr["pearson_ci"] = interval(ci->pearson);
    corr["spearman_ci"] = interval(ci->spearman);
    corr["kendall_tau_b_ci"] = interval(ci->kendall_tau_b);
  }
  j["correlation"] = corr;
  Json auc;
  for (int p = 0; p < 3; ++p) {
    int pos = level_value(OneVsOneAuc::kPairs[p][0]), neg = level_value(OneVsOneAuc::kPairs[p][1]);
    Json e{{"auc", number(r.auc.auc[p])}, {"n_pos", r.level_counts[pos]}, {"n_neg", r.level_counts[neg]}};
    if (ci) e["auc_ci"] = interval(ci->auc[p]);
    auc[std::string(kAucNames[p])] = e;
  }
  auc["mean"] = number(r.auc.mean);
  if (ci) auc["mean_ci"] = interval(ci->auc_mean);
  auc["n_pairs_defined"] = r.auc.defined;
  j["roc_auc_one_vs_one"] = auc;
  Json nd;
  nd["group_by"] = r.group_by;
  std::size_t groups_with_items = r.ndcg.groups.size() + r.ndcg.skipped_lt2;
  nd["n_groups"] = groups_with_items;
  nd["n_groups_used"] = r.ndcg.groups.size();
  nd["n_groups_skipped_lt2"] = r.ndcg.skipped_lt2;
  nd["n_groups_all_irrelevant"] = r.ndcg.all_irrelevant;
  for (std::size_t k = 0; k < kNdcgCutoffs.size(); ++k) {
    nd[fmt::format("ndcg@{}", kNdcgCutoffs[k])] = number(r.ndcg.mean[k]);
    if (ci) nd[fmt::format("ndcg@{}_ci", kNdcgCutoffs[k])] = interval(ci->ndcg[k]);
  }
  if (r.ndcg.groups.size() <= 20) {
    Json per_group = Json::object();
    for (const auto& g : r.ndcg.groups) {
      Json e;
      for (std::size_t k = 0; k < kNdcgCutoffs.size(); ++k) e[fmt::format("ndcg@{}", kNdcgCutoffs[k])] = g.ndcg[k];
      e["n"] = g.n;
      per_group[r.group_names[g.group]] = e;
    }
    nd["per_group"] = per_group;
  }
  j["ndcg"] = nd;
  return detail::dump_report(j);
}

namespace {

std::string with_ci(double v, const MetaIntervals* ci, const Interval MetaIntervals::*field) {
  if (!ci) return format_metric(v);
  const Interval& i = ci->*field;
  return fmt::format("{}  [{}, {}]", format_metric(v), format_metric(i.low), format_metric(i.high));
}

std::vector<std::pair<std::string, std::string>> meta_rows(const MetaReport& r) {
  const MetaIntervals* ci = r.intervals ? &*r.intervals : nullptr;
  std::vector<std::pair<std::string, std::string>> rows{
      {"Pearson", with_ci(r.correlation.pearson, ci, &MetaIntervals::pearson)},
      {"Spearman", with_ci(r.correlation.spearman, ci, &MetaIntervals::spearman)},
      {"Kendall tau-b", with_ci(r.correlation.kendall_tau_b, ci, &MetaIntervals::kendall_tau_b)}};
  for (int p = 0; p < 3; ++p) {
    std::string v = format_metric(r.auc.auc[p]);
    if (ci) v += fmt::format("  [{}, {}]", format_metric(ci->auc[p].low), format_metric(ci->auc[p].high));
    rows.emplace_back(fmt::format("ROC-AUC {}", kAucNames[p]), v);
  }
  rows.emplace_back("ROC-AUC mean", with_ci(r.auc.mean, ci, &MetaIntervals::auc_mean));
  for (std::size_t k = 0; k < kNdcgCutoffs.size(); ++k) {
    std::string v = format_metric(r.ndcg.mean[k]);
    if (ci) v += fmt::format("  [{}, {}]", format_metric(ci->ndcg[k].low), format_metric(ci->ndcg[k].high));
    rows.emplace_back(fmt::format("NDCG@{}", kNdcgCutoffs[k]), v);
  }
  return rows;
}

std::string footer(const MetaReport& r) {
  return fmt::format(
      "{} pairs used (full {}, partial {}, no {}), {} without a score; NDCG over {} groups by {} ({} with < 2 items "
      "skipped, {} all irrelevant)",
      r.n, r.level_counts[2], r.level_counts[1], r.level_counts[0], r.without_score, r.ndcg.groups.size(), r.group_by,
      r.ndcg.skipped_lt2, r.ndcg.all_irrelevant);
}

}  // namespace

std::string render_meta_table(const MetaReport& r) {
  std::string out = fmt::format("{}\n", r.source_name);
  for (const auto& [name, value] : meta_rows(r)) out += fmt::format("  {:<18} {}\n", name, value);
  out += fmt::format("{}\nsignature: {}\n", footer(r), r.signature);
  return out;
}

std::string render_meta_markdown(const MetaReport& r) {
  std::string out = fmt::format("| {} | value{} |\n| --- | ---: |\n", r.source_name,
                                r.intervals ? " [" + ci_title(r.bootstrap.level) + "]" : "");
  for (const auto& [name, value] : meta_rows(r)) out += fmt::format("| {} | {} |\n", name, value);
  out += fmt::format("\n{}  \nsignature: `{}`\n", footer(r), r.signature);
  return out;
}

}  // namespace caqa
