// The KaLMA report for people: a terminal table or Markdown, in the column order of the
// paper's Table 3 (alignment, correctness, micro P/R/F1, macro P/R/F1). Undefined values
// print as "-".
#include <algorithm>
#include <numeric>

#include <fmt/format.h>

#include "caqa/kalma/report.h"
#include "caqa/report.h"

namespace caqa::kalma {

namespace {

using Rows = std::vector<std::vector<std::string>>;

// Left-aligned first column, right-aligned numbers; Markdown or a dashed header rule.
std::string render_rows(const Rows& rows, bool markdown) {
  std::vector<std::size_t> width(rows.front().size(), 0);
  for (const auto& row : rows)
    for (std::size_t i = 0; i < row.size(); ++i) width[i] = std::max(width[i], row[i].size());
  std::string out;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    std::string line = markdown ? "|" : "";
    for (std::size_t i = 0; i < rows[r].size(); ++i) {
      std::string cell =
          i == 0 ? fmt::format("{:<{}}", rows[r][i], width[i]) : fmt::format("{:>{}}", rows[r][i], width[i]);
      line += markdown ? " " + rows[r][i] + " |" : (i == 0 ? "" : "  ") + cell;
    }
    if (!markdown) line.erase(line.find_last_not_of(' ') + 1);
    out += line + "\n";
    if (r > 0) continue;
    if (markdown) {
      out += "| --- |";
      for (std::size_t i = 1; i < width.size(); ++i) out += " ---: |";
      out += "\n";
    } else {
      out += std::string(std::accumulate(width.begin(), width.end(), 2 * (width.size() - 1)), '-') + "\n";
    }
  }
  return out;
}

Rows quality_rows(const KalmaReport& r) {
  const CitationQuality& q = r.quality;
  return {{"answers", "n", "Align.", "Corr.", "Micro P", "Micro R", "Micro F1", "Macro P", "Macro R", "Macro F1"},
          {r.sources.answers, fmt::format("{}", r.questions), format_metric(r.alignment.score),
           format_metric(q.correctness_micro), format_metric(q.precision_micro), format_metric(q.recall_micro),
           format_metric(q.f1_micro), format_metric(q.precision_macro), format_metric(q.recall_macro),
           format_metric(q.f1_macro)}};
}

Rows na_rows(const KalmaReport& r) {
  const ConsciousIncompetence& c = r.na;
  return {{"[NA] (conscious incompetence)", "questions", "[NA] sentences", "absent knowledge", "Prec.", "Rec.", "F1"},
          {r.sources.answers, fmt::format("{}", c.questions), fmt::format("{}", c.na_sentences),
           fmt::format("{}", c.absent), format_metric(c.precision), format_metric(c.recall), format_metric(c.f1)}};
}

std::string counts_line(const KalmaReport& r) {
  const CitationCounts& t = r.quality.total;
  std::string s = fmt::format(
      "questions {} | answered {} | missing {} | unknown answer lines {} | sentences {} | citations {} ({} correct, "
      "{} precise) | minimum knowledge {} ({} recalled) | [NA] sentences {}",
      r.questions, r.answered, r.missing_answers, r.unknown_answer_lines, r.sentences, t.citations, t.correct,
      t.precise, t.knowledge, t.recalled, r.na_sentences);
  if (r.judged)
    s += fmt::format(" | alignment pairs judged {}/{} | [NA] pairs judged {}/{}", r.alignment.judged, r.alignment.pairs,
                     r.na.judged, r.na.pairs);
  else
    s += fmt::format(" | no judgments: {} alignment and {} [NA] pairs to judge (--pairs)", r.alignment.pairs,
                     r.na.pairs);
  return s;
}

std::string problems_line(const KalmaReport& r) {
  if (r.issues == 0) return "citation problems: none";
  std::vector<std::string> kinds;
  for (int p = 0; p < kCitationProblemCount; ++p)
    if (r.issues_by_problem[p] > 0)
      kinds.push_back(
          fmt::format("{} {}", citation_problem_name(static_cast<CitationProblem>(p)), r.issues_by_problem[p]));
  std::string s = fmt::format("citation problems: {} ({})", r.issues, fmt::join(kinds, ", "));
  const IssueExample& e = r.issue_examples.front();
  return s + fmt::format("; first: \"{}\" line {} character {}: {} {}", e.question_id, e.line, e.issue.character,
                         citation_problem_name(e.issue.problem), e.issue.excerpt);
}

std::string render(const KalmaReport& r, bool markdown) {
  std::string end = markdown ? "  \n" : "\n";
  std::string out = render_rows(quality_rows(r), markdown) + "\n" + render_rows(na_rows(r), markdown) + "\n";
  out += counts_line(r) + end;
  out += problems_line(r) + end;
  out += (markdown ? fmt::format("signature: `{}`", r.signature) : "signature: " + r.signature) + end;
  return out;
}

}  // namespace

std::string kalma_table(const KalmaReport& report) { return render(report, false); }
std::string kalma_markdown(const KalmaReport& report) { return render(report, true); }

}  // namespace caqa::kalma
