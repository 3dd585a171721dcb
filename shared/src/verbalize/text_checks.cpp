#include "caqa/verbalize/text_checks.h"

#include <algorithm>
#include <unordered_set>

namespace caqa::verbalize {

namespace {

void append_distinct(std::vector<std::string>& out, const std::vector<std::string>& more) {
  for (const std::string& name : more)
    if (std::find(out.begin(), out.end(), name) == out.end()) out.push_back(name);
}

std::vector<std::string> names_in(const std::string& text, const EntityNameIndex& index) {
  std::vector<std::string> out;
  for (std::string_view found : index.find(text)) out.emplace_back(found);
  return out;
}

}  // namespace

std::string_view coverage_name(Coverage coverage) {
  switch (coverage) {
    case Coverage::FullCoverage: return "full_coverage";
    case Coverage::Absent: return "absent";
    case Coverage::Hallucinated: return "hallucinated";
  }
  return "full_coverage";
}

std::string_view coverage_title(Coverage coverage) {
  switch (coverage) {
    case Coverage::FullCoverage: return "Full coverage";
    case Coverage::Absent: return "Absent";
    case Coverage::Hallucinated: return "Hallucinated";
  }
  return "Full coverage";
}

std::string_view text_task_name(TextTask task) {
  switch (task) {
    case TextTask::Citation: return "citation";
    case TextTask::Question: return "question";
    case TextTask::Answer: return "answer";
  }
  return "citation";
}

TextNames citation_names(const std::vector<std::string>& triple_names, const std::vector<std::string>& question_names) {
  TextNames out;
  append_distinct(out.required, triple_names);
  append_distinct(out.allowed, question_names);
  return out;
}

TextNames question_names(const std::vector<std::string>& query_names, const std::string& source_text,
                         const std::vector<std::string>& answer_names, const EntityNameIndex& index) {
  TextNames out;
  append_distinct(out.required, query_names);
  append_distinct(out.allowed, names_in(source_text, index));
  // A question never names its answer, unless it asks about it: "Which was released first,
  // A or B?" names both, "Was A born in X?" names X (the later levels' query names).
  std::vector<std::string> hidden;
  for (const std::string& a : answer_names)
    if (std::find(query_names.begin(), query_names.end(), a) == query_names.end()) hidden.push_back(a);
  append_distinct(out.forbidden, hidden);
  return out;
}

TextNames answer_names(const std::vector<std::string>& answers, const std::vector<std::string>& query_names,
                       const std::string& question, const EntityNameIndex& index) {
  TextNames out;
  append_distinct(out.required, answers);
  append_distinct(out.allowed, query_names);
  append_distinct(out.allowed, names_in(question, index));
  return out;
}

TextCheck check_text(std::string_view text, const TextNames& names, const EntityNameIndex& index) {
  TextCheck out;
  std::vector<std::string> known = names.required;
  append_distinct(known, names.allowed);
  out.lint = lint_text(text, known);
  for (LintRule rule : kLintRules)
    if (out.lint[rule] > 0) out.reasons.push_back("lint: " + std::string(lint_rule_name(rule)));
  bool absent = false;
  for (const std::string& name : names.required)
    if (!contains_name(text, name)) {
      out.reasons.push_back("absent: " + name);
      absent = true;
    }
  std::unordered_set<std::string> allowed_keys;
  for (const std::string& name : known) allowed_keys.insert(EntityNameIndex::key(name));
  bool hallucinated = false;
  for (std::string_view found : index.find(text))
    if (!allowed_keys.count(EntityNameIndex::key(found))) {
      out.reasons.push_back("hallucinated: " + std::string(found));
      hallucinated = true;
    }
  for (const std::string& name : names.forbidden)
    if (contains_name(text, name)) {
      out.reasons.push_back("names the answer: " + name);
      hallucinated = true;
    }
  out.coverage = absent ? Coverage::Absent : hallucinated ? Coverage::Hallucinated : Coverage::FullCoverage;
  return out;
}

}  // namespace caqa::verbalize
