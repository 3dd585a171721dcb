#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "caqa/report.h"

namespace caqa {

namespace {

std::string ci_text(const Interval& i) { return fmt::format("[{}, {}]", format_metric(i.low), format_metric(i.high)); }

// The summary table: per-class F1, the measures of the table (the first with its CI),
// micro-F1 per complexity level in the paper's order.
std::vector<std::size_t> table_measures() {
  std::vector<std::size_t> out;
  const auto all = measures();
  for (std::size_t m = 0; m < all.size(); ++m)
    if (all[m].in_table) out.push_back(m);
  return out;
}

std::string percent(std::uint64_t part, std::uint64_t whole) {
  return whole == 0 ? "-" : fmt::format("{:.1f}%", 100.0 * static_cast<double>(part) / static_cast<double>(whole));
}

std::vector<std::string> summary_header(const LabelScheme& scheme, double level, const std::vector<Complexity>& levels,
                                        std::string first = "predictions") {
  std::vector<std::string> h{std::move(first), "n", "coverage"};
  for (auto l : scheme.short_names) h.emplace_back(l);
  const std::vector<std::size_t> shown = table_measures();
  for (std::size_t m : shown) {
    h.emplace_back(measures()[m].title);
    if (m == shown.front()) h.push_back(ci_title(level));
  }
  for (Complexity c : levels) h.emplace_back(complexity_title(c));
  return h;
}

// One summary row: a file's, or one group's (coverage then counts that group's gold).
std::vector<std::string> summary_cells(const std::string& name, const Classification& c,
                                       const BootstrapIntervals* intervals, std::string coverage,
                                       const std::vector<Complexity>& levels) {
  std::vector<std::string> row{name, fmt::format("{}", c.n), std::move(coverage)};
  for (const auto& l : c.per_label) row.push_back(format_metric(l.f1));
  const std::vector<std::size_t> shown = table_measures();
  for (std::size_t m : shown) {
    row.push_back(format_metric(c.values[m]));
    if (m == shown.front()) row.push_back(intervals ? ci_text(intervals->measures[m]) : "");
  }
  for (Complexity level : levels) row.push_back(format_metric(c.complexity_micro_f1[index_of(level)]));
  return row;
}

std::vector<std::string> summary_cells(const ScoreReport& r) {
  return summary_cells(r.sources.prediction_name, r.classification, r.intervals ? &*r.intervals : nullptr,
                       percent(r.counts.matched, r.counts.gold),
                       r.has_complexity ? r.levels : std::vector<Complexity>{});
}

// Per-group rows (--group-by): the summary's columns without complexity; coverage is
// the share of the group's gold samples that were scored.
std::vector<std::vector<std::string>> group_rows(const ScoreReport& r) {
  std::vector<std::vector<std::string>> rows{
      summary_header(*r.options.scheme, r.options.bootstrap.level, {}, r.group_field)};
  for (const GroupScore& g : r.groups)
    rows.push_back(
        summary_cells(g.name, g.classification, g.intervals ? &*g.intervals : nullptr, percent(g.matched, g.gold), {}));
  return rows;
}

std::string aligned_table(const std::vector<std::vector<std::string>>& rows) {
  std::vector<std::size_t> width;
  for (const auto& row : rows)
    for (std::size_t i = 0; i < row.size(); ++i) {
      if (width.size() <= i) width.push_back(0);
      width[i] = std::max(width[i], row[i].size());
    }
  std::string out;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    std::string line;
    for (std::size_t i = 0; i < rows[r].size(); ++i) {
      if (i == 0)
        line += fmt::format("{:<{}}", rows[r][i], width[i]);
      else
        line += fmt::format("  {:>{}}", rows[r][i], width[i]);
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
    if (r == 0) {
      std::size_t total = 0;
      for (std::size_t w : width) total += w + 2;
      out += std::string(total - 2, '-') + "\n";
    }
  }
  return out;
}

std::string markdown_table(const std::vector<std::vector<std::string>>& rows) {
  std::string out;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    out += "| " + fmt::format("{}", fmt::join(rows[r], " | ")) + " |\n";
    if (r == 0) {
      out += "|";
      for (std::size_t i = 0; i < rows[r].size(); ++i) out += i == 0 ? " --- |" : " ---: |";
      out += "\n";
    }
  }
  return out;
}

std::vector<std::vector<std::string>> per_label_rows(const ScoreReport& r) {
  std::vector<std::vector<std::string>> rows{
      {"label", "precision", "recall", "F1", ci_title(r.options.bootstrap.level), "support", "predicted"}};
  const LabelScheme& scheme = *r.options.scheme;
  for (int l = 0; l < scheme.size(); ++l) {
    const LabelScores& s = r.classification.per_label[l];
    std::string ci = r.intervals ? ci_text(r.intervals->label_f1[l]) : "";
    rows.push_back({std::string(scheme.class_name(static_cast<ClassId>(l))), format_metric(s.precision),
                    format_metric(s.recall), format_metric(s.f1), ci, fmt::format("{}", s.support),
                    fmt::format("{}", s.predicted)});
  }
  // Averages as scikit-learn's classification_report prints them: over every class of the
  // scheme (macro) and weighted by gold support (weighted).
  double macro_precision = 0, weighted_precision = 0, weighted_recall = 0;
  std::uint64_t support = 0, predicted = 0;
  for (const LabelScores& s : r.classification.per_label) {
    macro_precision += s.precision;
    weighted_precision += s.precision * static_cast<double>(s.support);
    weighted_recall += s.recall * static_cast<double>(s.support);
    support += s.support;
    predicted += s.predicted;
  }
  const auto classes = static_cast<double>(scheme.size());
  const double total = static_cast<double>(support);
  auto ci_of = [&](std::string_view measure) {
    return r.intervals && measures()[measure_index(measure)].interval ? ci_text(r.intervals->measure(measure))
                                                                      : std::string();
  };
  rows.push_back({"macro avg", format_metric(macro_precision / classes),
                  format_metric(r.classification.value("macro_recall")),
                  format_metric(r.classification.value("macro_f1")), ci_of("macro_f1"), fmt::format("{}", support),
                  fmt::format("{}", predicted)});
  rows.push_back({"weighted avg", format_metric(total > 0 ? weighted_precision / total : 0),
                  format_metric(total > 0 ? weighted_recall / total : 0),
                  format_metric(r.classification.value("weighted_f1")), ci_of("weighted_f1"),
                  fmt::format("{}", support), fmt::format("{}", predicted)});
  return rows;
}

std::vector<std::vector<std::string>> confusion_rows(const ScoreReport& r) {
  const LabelScheme& scheme = *r.options.scheme;
  std::vector<std::vector<std::string>> rows{{"gold \\ predicted"}};
  for (auto l : scheme.short_names) rows[0].emplace_back(l);
  rows[0].insert(rows[0].end(), {"missing", "unparseable"});
  auto cells = r.confusion.overall();
  for (int l = 0; l < scheme.size(); ++l) {
    std::vector<std::string> row{std::string(scheme.class_name(static_cast<ClassId>(l)))};
    for (auto x : cells[l]) row.push_back(fmt::format("{}", x));
    rows.push_back(std::move(row));
  }
  return rows;
}

std::string counts_line(const ScoreReport& r) {
  const ScoreCounts& n = r.counts;
  std::string s = fmt::format(
      "gold {} | predicted {} | missing {} | invalid label {} | unparseable {} | extra lines {} | duplicate lines {}",
      n.gold, n.matched, n.missing, n.invalid_label, n.unparseable, n.extra_lines, n.duplicate_lines);
  if (n.responses > 0)
    s += fmt::format(" | parse rate {}/{} ({})", n.responses_parsed, n.responses,
                     percent(n.responses_parsed, n.responses));
  if (r.options.ignore_missing) s += " | missing predictions ignored (--ignore-missing)";
  return s;
}

}  // namespace

std::string format_metric(double value) { return std::isfinite(value) ? fmt::format("{:.3f}", value) : "-"; }

std::string ci_title(double level) { return fmt::format("{:.4g}% CI", level * 100); }

namespace {

// One summary row per report; for a single report also its per-label and confusion tables.
std::string render(const std::vector<ScoreReport>& reports, bool markdown) {
  if (reports.empty()) return "";
  auto table = markdown ? markdown_table : aligned_table;
  const bool complexity = reports.front().has_complexity;
  std::vector<std::vector<std::string>> rows{
      summary_header(*reports.front().options.scheme, reports.front().options.bootstrap.level,
                     complexity ? reports.front().levels : std::vector<Complexity>{})};
  for (const auto& r : reports) rows.push_back(summary_cells(r));
  std::string out = table(rows);
  if (!complexity) out += "per complexity: not in this benchmark (no gold line has \"complexity\")\n";
  for (const auto& r : reports) {
    if (!r.groups.empty()) {
      out += reports.size() == 1 ? "\n" : fmt::format("\n{}:\n", r.sources.prediction_name);
      out += table(group_rows(r));
    }
  }
  for (const auto& r : reports) {
    if (reports.size() == 1) {
      out += "\n";
      out += table(per_label_rows(r)) + "\n";
      out += table(confusion_rows(r)) + "\n";
    }
    out += markdown ? fmt::format("`{}`: {}  \n", r.sources.prediction_name, counts_line(r))
                    : fmt::format("{}: {}\n", r.sources.prediction_name, counts_line(r));
  }
  // Reports of one run share gold and options: say how they were computed once.
  std::vector<std::string> signatures;
  for (const auto& r : reports)
    if (std::find(signatures.begin(), signatures.end(), r.signature) == signatures.end())
      signatures.push_back(r.signature);
  for (const auto& signature : signatures)
    out += markdown ? fmt::format("signature: `{}`  \n", signature) : fmt::format("signature: {}\n", signature);
  if (!markdown) out += fmt::format("gold sha256: {}\n", reports.front().sources.gold_sha256);
  return out;
}

}  // namespace

std::string render_table(const std::vector<ScoreReport>& reports) { return render(reports, false); }
std::string render_markdown(const std::vector<ScoreReport>& reports) { return render(reports, true); }

std::string render_compare(const CompareReport& r) {
  const PairedResult& p = r.result;
  const BootstrapOptions& boot = r.a.options.bootstrap;
  std::string out = fmt::format("{} (A) vs {} (B), {} over n = {}\nA = {:.4f}   B = {:.4f}   A - B = {:+.4f}", r.name_a,
                                r.name_b, r.metric.name(*r.a.options.scheme), p.n, p.value_a, p.value_b, p.difference);
  if (boot.resamples == 0)  // nothing was resampled: no interval, no p-value, no verdict
    return out + fmt::format("\nno CI and no p-value: --bootstrap 0 draws no resamples\nsignature: {}\n", r.signature);
  // The test's level is the intervals' one: alpha = 1 - level.
  const double alpha = 1 - boot.level;
  return out + fmt::format(
                   "   {} [{:+.4f}, {:+.4f}]\n"
                   "p (paired bootstrap) = {:.4f}   p (approximate randomization) = {:.4f}   ({} resamples)\n"
                   "The difference is {}significant at the {:.3g} level.\nsignature: {}\n",
                   ci_title(boot.level), p.difference_ci.low, p.difference_ci.high, p.p_bootstrap, p.p_randomization,
                   boot.resamples, p.p_randomization < alpha ? "" : "not ", alpha, r.signature);
}

}  // namespace caqa
