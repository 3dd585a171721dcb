#include "caqa/verbalize/text_check_report.h"

#include <fmt/format.h>

namespace caqa::verbalize {

std::string text_checks_markdown(const TextCheckReport& report) {
  std::string out = fmt::format(
      "\n## Text checks\n\nVerbalizer: {}. Lint findings in the texts written (a question and its answer "
      "statement once per question; docs/verbalize.md):\n\n| Rule | Question | Answer | Citation | Total |\n"
      "| --- | ---: | ---: | ---: | ---: |\n",
      report.verbalizer);
  auto lint = [&](TextTask task, LintRule rule) { return report.lint[static_cast<std::size_t>(task)][rule]; };
  for (LintRule rule : kLintRules) {
    std::size_t q = lint(TextTask::Question, rule), a = lint(TextTask::Answer, rule),
                c = lint(TextTask::Citation, rule);
    out += fmt::format("| {} | {} | {} | {} | {} |\n", lint_rule_name(rule), q, a, c, q + a + c);
  }
  if (!report.rewritten) return out;
  out +=
      "\nGenerated texts, checked before use (the paper's Table 8; a text that fails keeps the grammar text):\n\n"
      "| Task | Requested | Returned | Full coverage | Absent | Hallucinated | Lint | Fell back |\n"
      "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n";
  for (TextTask task : kTextTasks) {
    const TaskChecks& t = report.generated[static_cast<std::size_t>(task)];
    out += fmt::format("| {} | {} | {} | {} | {} | {} | {} | {} |\n", text_task_name(task), t.requested, t.returned,
                       t.coverage[0], t.coverage[1], t.coverage[2], t.lint.total(), t.fell_back);
  }
  return out;
}

nlohmann::ordered_json text_checks_json(const TextCheckReport& report) {
  using Json = nlohmann::ordered_json;
  Json out;
  out["verbalizer"] = report.verbalizer;
  Json about = Json::object();
  for (const auto& [key, value] : report.about) about[key] = value;
  if (!about.empty()) out["about"] = about;
  auto lint_json = [](const LintCounts& counts) {
    Json j = Json::object();
    for (LintRule rule : kLintRules) j[std::string(lint_rule_name(rule))] = counts[rule];
    return j;
  };
  Json lint;
  for (TextTask task : {TextTask::Question, TextTask::Answer, TextTask::Citation})
    lint[std::string(text_task_name(task))] = lint_json(report.lint[static_cast<std::size_t>(task)]);
  out["lint"] = lint;
  if (!report.rewritten) return out;
  Json generated;
  for (TextTask task : kTextTasks) {
    const TaskChecks& t = report.generated[static_cast<std::size_t>(task)];
    Json j{{"requested", t.requested}, {"returned", t.returned}};
    for (Coverage c : kCoverages) j[std::string(coverage_name(c))] = t.coverage[static_cast<std::size_t>(c)];
    j["fell_back"] = t.fell_back;
    j["lint"] = lint_json(t.lint);
    j["examples"] = t.examples;
    generated[std::string(text_task_name(task))] = j;
  }
  out["generated"] = generated;
  return out;
}

}  // namespace caqa::verbalize
