// The FActScore track's reports (factscore_report.h): JSON, Markdown, CSV and text.
#include <fmt/format.h>

#include "../report/report_envelope.h"
#include "caqa/factscore/factscore_report.h"
#include "caqa/report.h"

namespace caqa::factscore {

namespace {

using detail::ReportJson;
constexpr int kSchemaVersion = 1;

constexpr std::array<std::string_view, kStatisticCount> kHeaders = {
    "FActScore", "Gold", "Gap", "MAE", "Pearson", "Spearman", "Sub-fact acc.", "F1 True"};

bool has_intervals(const FactScoreReport& r) { return r.bootstrap.resamples > 0; }

std::string signature(const std::vector<FactScoreReport>& reports) {
  const BootstrapOptions b = reports.empty() ? BootstrapOptions{} : reports.front().bootstrap;
  return fmt::format("caqa-factscore:judgment>=0.5|boot:{}|seed:{}|level:{}|resample:samples|version:{}", b.resamples,
                     b.seed, b.level, kVersion);
}

std::string cell(const FactScoreReport& r, const Estimate& e) {
  if (!has_intervals(r) || !std::isfinite(e.ci[0])) return format_metric(e.value);
  return fmt::format("{} [{}, {}]", format_metric(e.value), format_metric(e.ci[0]), format_metric(e.ci[1]));
}

std::string title(const FactScoreReport& r) {
  std::string t = fmt::format("{}: {} of {} gold samples with sub-facts scored", r.source, r.scored, r.gold_samples);
  if (r.missing) t += fmt::format(", {} without a prediction left out (--ignore-missing)", r.missing);
  if (r.bare) t += fmt::format(", {} from a bare \"factscore\" (no sub-fact statistics)", r.bare);
  if (has_intervals(r))
    t += fmt::format("; [{:g}% percentile bootstrap, {} resamples of the samples, seed {}]", r.bootstrap.level * 100,
                     r.bootstrap.resamples, r.bootstrap.seed);
  return t;
}

}  // namespace

std::string factscore_json(const std::vector<FactScoreReport>& reports) {
  ReportJson j = detail::report_envelope("factscore", kSchemaVersion, signature(reports));
  ReportJson files = ReportJson::array();
  for (const FactScoreReport& r : reports) {
    ReportJson f;
    f["source"] = r.source;
    f["gold_samples"] = r.gold_samples;
    f["scored"] = r.scored;
    f["missing"] = r.missing;
    f["bare_factscore"] = r.bare;
    f["bootstrap"] =
        has_intervals(r)
            ? ReportJson{{"resamples", r.bootstrap.resamples}, {"seed", r.bootstrap.seed}, {"level", r.bootstrap.level}}
            : ReportJson(nullptr);
    ReportJson pops = ReportJson::array();
    for (const Population& p : r.populations) {
      ReportJson e{{"name", p.name},
                   {"kind", p.kind},
                   {"samples", p.samples},
                   {"judged_samples", p.judged_samples},
                   {"sub_facts", p.sub_facts}};
      for (std::size_t k = 0; k < kStatisticCount; ++k) {
        const std::string key(statistic_key(static_cast<Statistic>(k)));
        e[key] = detail::number_or_null(p.stats[k].value);
        if (has_intervals(r)) e[key + "_ci"] = detail::ci_json({p.stats[k].ci[0], p.stats[k].ci[1]}, r.bootstrap.level);
      }
      pops.push_back(std::move(e));
    }
    f["populations"] = std::move(pops);
    files.push_back(std::move(f));
  }
  j["files"] = std::move(files);
  return detail::dump_report(j) + "\n";
}

std::string factscore_markdown(const std::vector<FactScoreReport>& reports) {
  std::string out;
  for (const FactScoreReport& r : reports) {
    out += fmt::format("{}{}\n\n| Samples | n |", out.empty() ? "" : "\n", title(r));
    for (std::string_view h : kHeaders) out += fmt::format(" {} |", h);
    out += "\n| --- | ---: |";
    for (std::size_t k = 0; k < kStatisticCount; ++k) out += " ---: |";
    out += "\n";
    for (const Population& p : r.populations) {
      out += fmt::format("| {} | {} |", p.name, p.samples);
      for (const Estimate& e : p.stats) out += fmt::format(" {} |", cell(r, e));
      out += "\n";
    }
  }
  return out;
}

std::string factscore_csv(const std::vector<FactScoreReport>& reports) {
  std::string out = "source,population,kind,samples,judged_samples,sub_facts";
  for (std::size_t k = 0; k < kStatisticCount; ++k) {
    const std::string_view key = statistic_key(static_cast<Statistic>(k));
    out += fmt::format(",{0},{0}_ci_low,{0}_ci_high", key);
  }
  out += "\n";
  auto number = [](double v) { return std::isfinite(v) ? fmt::format("{}", v) : std::string(); };
  for (const FactScoreReport& r : reports)
    for (const Population& p : r.populations) {
      std::string source = r.source;
      if (source.find_first_of(",\"\n") != std::string::npos) {
        std::string quoted = "\"";
        for (char c : source) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
        source = quoted + "\"";
      }
      out += fmt::format("{},{},{},{},{},{}", source, p.name, p.kind, p.samples, p.judged_samples, p.sub_facts);
      for (const Estimate& e : p.stats)
        out += fmt::format(",{},{},{}", number(e.value), number(e.ci[0]), number(e.ci[1]));
      out += "\n";
    }
  return out;
}

std::string factscore_text(const std::vector<FactScoreReport>& reports) {
  std::string out;
  for (const FactScoreReport& r : reports) {
    std::vector<std::vector<std::string>> rows{{"samples", "n"}};
    for (std::string_view h : kHeaders) rows[0].emplace_back(h);
    for (const Population& p : r.populations) {
      rows.push_back({p.name, std::to_string(p.samples)});
      for (const Estimate& e : p.stats) rows.back().push_back(cell(r, e));
    }
    std::vector<std::size_t> width(rows[0].size(), 0);
    for (const auto& row : rows)
      for (std::size_t c = 0; c < row.size(); ++c) width[c] = std::max(width[c], row[c].size());
    out += fmt::format("{}{}\n", out.empty() ? "" : "\n", title(r));
    for (const auto& row : rows) {
      std::string line;
      for (std::size_t c = 0; c < row.size(); ++c)
        line += c == 0 ? fmt::format("{:<{}}", row[c], width[c]) : fmt::format("  {:>{}}", row[c], width[c]);
      out += line + "\n";
    }
  }
  out +=
      "\nFActScore: supported sub-facts / claimed sub-facts per sample, averaged (the evaluator's from its "
      "judgments, true = 1); Gold: ours, from the graph;\nGap = |FActScore - Gold| (CAQA Table 6's Hum-Gap, "
      "against our gold); partially_supportive is Table 6's population.\n";
  return out;
}

}  // namespace caqa::factscore
