// The audit as the CLI's table and as a Markdown section for statistics.md; both list
// the columns of `caqa score` (the registries' label and level order).
#include <fmt/format.h>
#include <cmath>

#include "caqa/audit/audit_render.h"
#include "caqa/vocab/label_scheme.h"

namespace caqa::audit {

namespace {

// Every probe scores the same test split: the first row's counts say which levels it has.
std::vector<Complexity> levels_of(const AuditReport& report) {
  if (report.rows.empty()) return shown_levels(std::array<std::uint64_t, kComplexityCount>{});
  return shown_levels(report.rows.front().scores.complexity_n);
}

std::string number(double v, int width) {
  if (std::isnan(v)) return fmt::format("{:>{}}", "-----", width);
  return fmt::format("{:>{}.3f}", v, width);
}

// "+0.130"; a difference that rounds to zero prints as +0.000, never -0.000.
std::string delta(double v) { return fmt::format("{:+.3f}", std::round(v * 1000) / 1000 + 0.0); }

std::string_view verdict(const ProbeRow& r) {
  if (std::isnan(r.margin)) return "reference";
  return r.warns ? "LEAK" : "ok";
}

std::string summary_line(const AuditReport& report) {
  return fmt::format(
      "{} train and {} test samples, seed {}, {} epochs; a shallow probe warns above majority + {:.2f} "
      "(citation only: + {:.2f})",
      report.train_size, report.test_size, report.options.train.seed, report.options.train.epochs,
      report.options.shallow_margin, report.options.citation_margin);
}

std::string no_warning_line(const AuditReport& report) {
  return fmt::format("no shallow probe exceeds the majority class ({:.3f}) by more than its margin",
                     report.rows.front().micro_f1);
}

}  // namespace

std::string render_text(const AuditReport& report) {
  std::size_t w = 5;
  for (const ProbeRow& r : report.rows) w = std::max(w, probe_info(r.probe).name.size());
  std::string out = summary_line(report) + "\n\n";
  out += fmt::format("{:<{}}  {:>6}  {:>8}  {:>7}  {:<9} ", "probe", w, "n", "Micro-F1", "vs.maj", "verdict");
  for (auto name : caqa_scheme().short_names) out += fmt::format(" {:>6}", name);
  out += " ";
  const std::vector<Complexity> levels = levels_of(report);
  for (Complexity c : levels) out += fmt::format(" {:>7}", complexity_title(c));
  const std::size_t width = out.size() - out.rfind('\n') - 1;
  out += '\n';
  out.append(width, '-');
  out += '\n';
  for (const ProbeRow& r : report.rows) {
    out += fmt::format("{:<{}}  {:>6}  {}  {:>7}  {:<9} ", probe_info(r.probe).name, w, r.scores.n,
                       number(r.micro_f1, 8), delta(r.over_majority), verdict(r));
    for (const auto& label : r.scores.per_label) out += fmt::format(" {}", number(label.f1, 6));
    out += " ";
    for (Complexity c : levels) out += fmt::format(" {}", number(r.scores.complexity_micro_f1[index_of(c)], 7));
    out += "\n";
  }
  out += "\n";
  const auto warnings = audit_warnings(report);
  for (const auto& line : warnings) out += line + "\n";
  if (warnings.empty()) out += no_warning_line(report) + "\n";
  return out;
}

std::string render_markdown(const AuditReport& report) {
  std::string out = "## Shortcut audit\n\n";
  out +=
      "Probes trained on the train split and scored on the test split, each reading one cue that must not "
      "decide the label: " +
      summary_line(report) + ". Majority predicts " + std::string(label_name(report.majority)) + ".\n\n";
  out += "| Probe | Reads | Micro-F1 | vs. majority | Verdict |";
  for (auto name : caqa_scheme().short_names) out += fmt::format(" {} |", name);
  const std::vector<Complexity> levels = levels_of(report);
  for (Complexity c : levels) out += fmt::format(" {} |", complexity_title(c));
  out += "\n|---|---|---:|---:|---|";
  for (std::size_t i = 0; i < static_cast<std::size_t>(caqa_scheme().size()) + levels.size(); ++i) out += "---:|";
  out += "\n";
  auto cell = [](double v) { return std::isnan(v) ? std::string("-") : fmt::format("{:.3f}", v); };
  for (const ProbeRow& r : report.rows) {
    const ProbeInfo& info = probe_info(r.probe);
    out += fmt::format("| {} | {} | {} | {} | {} |", info.name, info.cue, cell(r.micro_f1), delta(r.over_majority),
                       r.warns ? "**leak**" : verdict(r));
    for (const auto& label : r.scores.per_label) out += fmt::format(" {} |", cell(label.f1));
    for (Complexity c : levels) out += fmt::format(" {} |", cell(r.scores.complexity_micro_f1[index_of(c)]));
    out += "\n";
  }
  out += "\n";
  const auto warnings = audit_warnings(report);
  for (const auto& line : warnings) out += "- " + line.substr(line.find(' ') + 1) + "\n";
  if (warnings.empty()) out += no_warning_line(report) + ".\n";
  return out;
}

}  // namespace caqa::audit
