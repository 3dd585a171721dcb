#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "caqa/report.h"

namespace caqa {

namespace {

constexpr std::array<std::string_view, kLabelCount> kShortLabels = {"Sup.", "Par.", "Con.", "Irr."};
constexpr std::array<std::string_view, kComplexityCount> kShortLevels = {"Single", "Union", "Inter.", "Concat."};

std::string ci_text(const std::optional<BootstrapIntervals>& ci, const Interval BootstrapIntervals::*field) {
  if (!ci) return "";
  const Interval& i = (*ci).*field;
  return fmt::format("[{}, {}]", format_metric(i.low), format_metric(i.high));
}

std::string percent(std::uint64_t part, std::uint64_t whole) {
  return whole == 0 ? "-" : fmt::format("{:.1f}%", 100.0 * static_cast<double>(part) / static_cast<double>(whole));
}

std::vector<std::string> summary_header(bool binary) {
  if (binary) return {"predictions", "n", "coverage", "Sup. F1", "Rest F1", "Micro-F1", "95% CI"};
  std::vector<std::string> h{"predictions", "n", "coverage"};
  for (auto l : kShortLabels) h.emplace_back(l);
  h.insert(h.end(), {"Micro-F1", "95% CI", "Macro-F1"});
  for (auto c : kShortLevels) h.emplace_back(c);
  return h;
}

std::vector<std::string> summary_cells(const ScoreReport& r) {
  const Classification& c = r.classification;
  std::vector<std::string> row{r.sources.prediction_name, fmt::format("{}", c.n),
                               percent(r.counts.matched, r.counts.gold)};
  if (r.options.binary) {
    row.insert(row.end(), {format_metric(r.binary.supportive.f1), format_metric(r.binary.rest.f1),
                           format_metric(r.binary.micro_f1), ""});
    return row;
  }
  for (const auto& l : c.per_label) row.push_back(format_metric(l.f1));
  row.push_back(format_metric(c.micro_f1));
  row.push_back(ci_text(r.intervals, &BootstrapIntervals::micro_f1));
  row.push_back(format_metric(c.macro_f1));
  for (double v : c.complexity_micro_f1) row.push_back(format_metric(v));
  return row;
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
      if (i == 0) line += fmt::format("{:<{}}", rows[r][i], width[i]);
      else line += fmt::format("  {:>{}}", rows[r][i], width[i]);
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
  std::vector<std::vector<std::string>> rows{{"label", "precision", "recall", "F1", "95% CI", "support", "predicted"}};
  for (Label l : kLabels) {
    const LabelScores& s = r.classification.per_label[index_of(l)];
    std::string ci = r.intervals ? fmt::format("[{}, {}]", format_metric(r.intervals->label_f1[index_of(l)].low),
                                               format_metric(r.intervals->label_f1[index_of(l)].high))
                                 : "";
    rows.push_back({std::string(label_name(l)), format_metric(s.precision), format_metric(s.recall),
                    format_metric(s.f1), ci, fmt::format("{}", s.support), fmt::format("{}", s.predicted)});
  }
  return rows;
}

std::vector<std::vector<std::string>> confusion_rows(const ScoreReport& r) {
  std::vector<std::vector<std::string>> rows{{"gold \\ predicted"}};
  for (auto l : kShortLabels) rows[0].emplace_back(l);
  rows[0].insert(rows[0].end(), {"missing", "unparseable"});
  auto cells = r.confusion.overall();
  for (Label l : kLabels) {
    std::vector<std::string> row{std::string(label_name(l))};
    for (auto x : cells[index_of(l)]) row.push_back(fmt::format("{}", x));
    rows.push_back(std::move(row));
  }
  return rows;
}

std::string counts_line(const ScoreReport& r) {
  const ScoreCounts& n = r.counts;
  std::string s = fmt::format("gold {} | predicted {} | missing {} | invalid label {} | unparseable {} | extra lines {} | duplicate lines {}",
                              n.gold, n.matched, n.missing, n.invalid_label, n.unparseable, n.extra_lines,
                              n.duplicate_lines);
  if (n.responses > 0)
    s += fmt::format(" | parse rate {}/{} ({})", n.responses_parsed, n.responses, percent(n.responses_parsed, n.responses));
  if (r.options.ignore_missing) s += " | missing predictions ignored (--ignore-missing)";
  return s;
}

}  // namespace

std::string format_metric(double value) { return std::isfinite(value) ? fmt::format("{:.3f}", value) : "-"; }

namespace {

// One summary row per report; for a single report also its per-label and confusion tables.
std::string render(const std::vector<ScoreReport>& reports, bool markdown) {
  if (reports.empty()) return "";
  auto table = markdown ? markdown_table : aligned_table;
  std::vector<std::vector<std::string>> rows{summary_header(reports.front().options.binary)};
  for (const auto& r : reports) rows.push_back(summary_cells(r));
  std::string out = table(rows);
  for (const auto& r : reports) {
    if (reports.size() == 1) {
      out += "\n";
      if (!r.options.binary) out += table(per_label_rows(r)) + "\n";
      out += table(confusion_rows(r)) + "\n";
    }
    out += markdown ? fmt::format("`{}`: {}  \n", r.sources.prediction_name, counts_line(r))
                    : fmt::format("{}: {}\n", r.sources.prediction_name, counts_line(r));
  }
  // Reports of one run share gold and options: say how they were computed once.
  std::vector<std::string> signatures;
  for (const auto& r : reports)
    if (std::find(signatures.begin(), signatures.end(), r.signature) == signatures.end()) signatures.push_back(r.signature);
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
  return fmt::format(
      "{} (A) vs {} (B), {} over n = {}\n"
      "A = {:.4f}   B = {:.4f}   A - B = {:+.4f}   95% CI [{:+.4f}, {:+.4f}]\n"
      "p (paired bootstrap) = {:.4f}   p (approximate randomization) = {:.4f}   ({} resamples)\n"
      "{}\nsignature: {}\n",
      r.name_a, r.name_b, r.metric.name(), p.n, p.value_a, p.value_b, p.difference, p.difference_ci.low,
      p.difference_ci.high, p.p_bootstrap, p.p_randomization, r.a.options.bootstrap.resamples,
      p.p_randomization < 0.05 ? "The difference is significant at the 0.05 level."
                               : "The difference is not significant at the 0.05 level.",
      r.signature);
}

}  // namespace caqa
