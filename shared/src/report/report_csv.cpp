// `caqa score --csv`: one row per prediction file, full-precision numbers, for
// spreadsheets and leaderboards (AlpacaEval-style). Columns follow the registries: the
// scheme's classes, the table's measures, the complexity levels in print order.
#include <cmath>

#include <fmt/format.h>

#include "caqa/complexity.h"
#include "caqa/report.h"

namespace caqa {

namespace {

std::string csv_field(std::string_view text) {
  if (text.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(text);
  std::string out = "\"";
  for (char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

// Empty where a number is undefined (a level with no samples, no interval computed).
std::string csv_number(double v) { return std::isnan(v) ? std::string() : fmt::format("{}", v); }

}  // namespace

std::string render_csv(const std::vector<ScoreReport>& reports) {
  if (reports.empty()) return {};
  const LabelScheme& scheme = *reports.front().options.scheme;
  std::vector<std::string> header{"prediction", "n", "coverage"};
  for (auto c : scheme.classes) header.push_back(fmt::format("f1_{}", c));
  for (const Measure& m : measures()) {
    header.emplace_back(m.name);
    if (m.interval) {
      header.push_back(fmt::format("{}_ci_low", m.name));
      header.push_back(fmt::format("{}_ci_high", m.name));
    }
  }
  const std::vector<Complexity>& levels = reports.front().levels;
  for (Complexity c : levels) header.push_back(fmt::format("micro_f1_{}", complexity_name(c)));
  header.emplace_back("signature");
  header.emplace_back("date");
  std::string out = fmt::format("{}\n", fmt::join(header, ","));
  for (const ScoreReport& r : reports) {
    std::vector<std::string> row{
        csv_field(r.sources.prediction_name), fmt::format("{}", r.classification.n),
        csv_number(r.counts.gold == 0 ? NAN
                                      : static_cast<double>(r.counts.matched) / static_cast<double>(r.counts.gold))};
    for (const LabelScores& s : r.classification.per_label) row.push_back(csv_number(s.f1));
    for (std::size_t m = 0; m < measures().size(); ++m) {
      row.push_back(csv_number(r.classification.values[m]));
      if (measures()[m].interval) {
        row.push_back(r.intervals ? csv_number(r.intervals->measures[m].low) : "");
        row.push_back(r.intervals ? csv_number(r.intervals->measures[m].high) : "");
      }
    }
    for (Complexity c : levels)
      row.push_back(r.has_complexity ? csv_number(r.classification.complexity_micro_f1[index_of(c)]) : "");
    row.push_back(csv_field(r.signature));
    row.push_back(csv_field(r.sources.date));
    out += fmt::format("{}\n", fmt::join(row, ","));
  }
  return out;
}

}  // namespace caqa
