#include "caqa/verbalize/text_stage.h"

#include <algorithm>
#include <cctype>
#include <map>

#include <fmt/format.h>

namespace caqa::verbalize {

namespace {

constexpr std::size_t kExamplesPerTask = 5;

// The samples of one question and extension: they share the question and answer texts.
std::map<std::string, std::vector<std::size_t>> question_groups(const std::vector<kg::BenchmarkSample>& samples) {
  std::map<std::string, std::vector<std::size_t>> groups;
  for (std::size_t i = 0; i < samples.size(); ++i)
    groups[samples[i].source_question + "|" + std::string(kg::extension_name(samples[i].extension))].push_back(i);
  return groups;
}

// A reply on one line, without surrounding blanks or quotes.
std::string tidy(std::string text) {
  std::replace_if(
      text.begin(), text.end(), [](char c) { return c == '\n' || c == '\r' || c == '\t'; }, ' ');
  std::size_t b = text.find_first_not_of(" \"");
  if (b == std::string::npos) return {};
  return text.substr(b, text.find_last_not_of(" \"") - b + 1);
}

// The benchmark's citation markers: a citation starts with "[1] ", an answer statement
// cites it ("[1]", "[1][2]") before its final stop, as the grammar verbaliser writes them.
std::string as_citation(std::string text) { return text.rfind('[', 0) == 0 ? text : "[1] " + text; }
std::string answer_markers(const std::string& grammar_answer) {
  std::string out;
  for (std::size_t at = grammar_answer.find("[1]");
       at != std::string::npos && at < grammar_answer.size() && grammar_answer[at] == '[';) {
    const std::size_t close = grammar_answer.find(']', at);
    out += grammar_answer.substr(at, close - at + 1);
    at = close + 1;
  }
  return out.empty() ? "[1]" : out;
}
std::string as_answer(std::string text, const std::string& markers) {
  if (text.find(markers) != std::string::npos) return text;
  // Other markers out ("[1]" where the question's citations are two passages), then these.
  for (std::size_t at = text.find(" ["); at != std::string::npos; at = text.find(" [", at))
    if (at + 4 <= text.size() && std::isdigit(static_cast<unsigned char>(text[at + 2])) && text[at + 3] == ']')
      text.erase(at, 4);
    else
      ++at;
  const std::size_t end = text.find_last_not_of(".!");
  return text.substr(0, end + 1) + " " + markers + text.substr(end + 1);
}

// Each fact's passage in the grammar citation: the first passage that names both its ends
// (a passage names every entity in full where it first says it).
std::vector<std::size_t> passages_of(const kg::BenchmarkSample& s, const kg::KnowledgeGraph& kg) {
  std::vector<std::string_view> texts;
  for (std::size_t at = s.citation.find("[1]"), n = 2; at != std::string::npos; ++n) {
    const std::size_t next = s.citation.find(" [" + std::to_string(n) + "] ", at);
    texts.push_back(std::string_view(s.citation).substr(at, next == std::string::npos ? next : next - at));
    at = next == std::string::npos ? next : next + 1;
  }
  std::vector<std::size_t> out;
  for (const kg::Triple& t : s.evidence) {
    std::size_t p = 0;
    while (p + 1 < texts.size() && (texts[p].find(kg.entity_name(t.head)) == std::string_view::npos ||
                                    texts[p].find(kg.entity_name(t.tail)) == std::string_view::npos))
      ++p;
    out.push_back(p);
  }
  return out;
}

// Checks one reply; true when it is to be used. Counts it into `task`.
bool accept(const std::optional<std::string>& reply, const TextNames& names, const EntityNameIndex& index,
            const std::string& id, TaskChecks& task, std::string_view needed_marker = {}) {
  ++task.requested;
  if (!reply) {
    ++task.fell_back;
    return false;
  }
  ++task.returned;
  const std::string text = tidy(*reply);
  TextCheck check = check_text(text, names, index);
  ++task.coverage[static_cast<std::size_t>(check.coverage)];
  task.lint += check.lint;
  const bool marked = needed_marker.empty() || text.find(needed_marker) != std::string::npos;
  if (!marked) check.reasons.push_back(fmt::format("no passage {}", needed_marker));
  if (check.passed() && marked) return true;
  ++task.fell_back;
  if (task.examples.size() < kExamplesPerTask) {
    std::string reasons;
    for (const std::string& r : check.reasons) reasons += (reasons.empty() ? "" : "; ") + r;
    task.examples.push_back(id + ": " + reasons);
  }
  return false;
}

std::vector<std::string> joined(std::vector<std::string> a, const std::vector<std::string>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

}  // namespace

std::vector<std::string> evidence_names(const kg::BenchmarkSample& sample, const kg::KnowledgeGraph& kg) {
  std::vector<std::string> out;
  for (const kg::Triple& t : sample.evidence)
    for (kg::EntityId e : {t.head, t.tail}) {
      std::string name(kg.entity_name(e));
      if (std::find(out.begin(), out.end(), name) == out.end()) out.push_back(std::move(name));
    }
  return out;
}

// The evidence's names that another entity shares, with what tells each apart, unless
// the citation states the qualifier's fact or the answer names the entity plainly.
std::vector<std::string> qualified_names(const kg::BenchmarkSample& sample, const kg::DisplayNames& names,
                                         const kg::KnowledgeGraph& kg) {
  std::vector<std::string> out;
  const auto& plain = sample.texts->claim_names;
  for (const kg::Triple& t : sample.evidence)
    for (kg::EntityId e : {t.head, t.tail})
      if (names.qualifier(e).relation != kg::kNone && !names.states_qualifier(e, sample.evidence) &&
          std::find(plain.begin(), plain.end(), kg.entity_name(e)) == plain.end())
        out.push_back(names.name(e));
  return out;
}

void rewrite_texts(std::vector<kg::BenchmarkSample>& samples, const kg::KnowledgeGraph& kg,
                   const EntityNameIndex& index, const TextRewriter& rewriter, TextCheckReport& report) {
  report.verbalizer = rewriter.name;
  report.about = rewriter.about;
  report.rewritten = true;
  auto groups = question_groups(samples);
  // First the citations and questions, then the answers, which are about the questions as written.
  std::vector<TextRequest> requests;
  for (const auto& s : samples) {
    TextRequest r;
    for (const kg::Triple& t : s.evidence)
      r.triples.push_back({std::string(kg.entity_name(t.head)), std::string(kg.relation_name(t.relation)),
                           std::string(kg.entity_name(t.tail))});
    r.passage = passages_of(s, kg);
    requests.push_back(std::move(r));
  }
  for (const auto& group : groups) {
    const kg::BenchmarkSample& s = samples[group.second.front()];
    TextRequest r;
    r.task = TextTask::Question;
    r.source_question = s.texts->source_text;
    r.query = s.texts->query_text;
    requests.push_back(std::move(r));
  }
  std::vector<std::optional<std::string>> replies = rewriter.rewrite(requests);
  replies.resize(requests.size());
  TaskChecks& citations = report.generated[static_cast<std::size_t>(TextTask::Citation)];
  for (std::size_t i = 0; i < samples.size(); ++i) {
    kg::BenchmarkSample& s = samples[i];
    // A reply keeps the grammar text's passages ("[2]"), which the answer cites.
    const std::string_view marker = s.citation.find(" [2] ") != std::string::npos ? "[2]" : "";
    if (accept(replies[i], citation_names(evidence_names(s, kg), s.texts->query_names), index, s.id, citations, marker))
      s.citation = as_citation(tidy(*replies[i]));
  }
  TaskChecks& questions = report.generated[static_cast<std::size_t>(TextTask::Question)];
  std::size_t k = samples.size();
  requests.clear();
  // A later level's answer statement keeps the grammar's words: its claims are what the
  // label rules read (both compared values and their order; a negation's "No"/"Yes" and
  // each link of a chain), which a statement written from the bare answer would drop.
  std::vector<const std::vector<std::size_t>*> restated;
  for (const auto& group : groups) {
    const auto& reply = replies[k++];
    kg::BenchmarkSample& first = samples[group.second.front()];
    if (accept(reply,
               question_names(first.texts->query_names, first.texts->source_text, first.texts->answer_names, index),
               index, first.id, questions))
      for (std::size_t i : group.second) samples[i].question = tidy(*reply);
    if (!is_paper_level(first.complexity)) continue;
    TextRequest r;
    r.task = TextTask::Answer;
    r.question = first.question;
    r.answers = first.texts->answer_names;
    requests.push_back(std::move(r));
    restated.push_back(&group.second);
  }
  replies = rewriter.rewrite(requests);
  replies.resize(requests.size());
  TaskChecks& answers = report.generated[static_cast<std::size_t>(TextTask::Answer)];
  k = 0;
  for (const std::vector<std::size_t>* group : restated) {
    const auto& reply = replies[k++];
    const kg::BenchmarkSample& first = samples[group->front()];
    if (accept(reply, answer_names(first.texts->answer_names, first.texts->query_names, first.question, index), index,
               first.id, answers))
      for (std::size_t i : *group) samples[i].answer = as_answer(tidy(*reply), answer_markers(first.answer));
  }
}

void lint_samples(const std::vector<kg::BenchmarkSample>& samples, const kg::KnowledgeGraph& kg,
                  TextCheckReport& report, const ParallelFor& parallel, const kg::DisplayNames* display_names) {
  report.lint = {};
  const auto by_question = question_groups(samples);
  std::vector<std::string> types;
  for (kg::TypeId t = 0; t < kg.type_count(); ++t) types.emplace_back(kg.type_name(t));
  const std::vector<std::pair<std::string, std::vector<std::size_t>>> groups(by_question.begin(), by_question.end());
  // Counts per group, summed after: a sum, so the same in any order.
  std::vector<std::array<LintCounts, kTextTaskCount>> counts(groups.size());
  run_each(parallel, groups.size(), [&](std::size_t g) {
    const std::vector<std::size_t>& members = groups[g].second;
    const kg::BenchmarkSample& first = samples[members.front()];
    std::vector<std::string> names = joined(first.texts->query_names, first.texts->answer_names);
    names.insert(names.end(), first.texts->claim_names.begin(), first.texts->claim_names.end());
    auto& question = counts[g][static_cast<std::size_t>(TextTask::Question)];
    auto& answer = counts[g][static_cast<std::size_t>(TextTask::Answer)];
    question += lint_text(first.question, names);
    question[LintRule::TypeWord] += type_word_findings(first.question, first.texts->answer_type, types);
    answer += lint_text(first.answer, names);
    answer[LintRule::MissingClaim] += missing_names(first.answer, first.texts->claim_names);
    for (std::size_t i : members) {
      auto& citation = counts[g][static_cast<std::size_t>(TextTask::Citation)];
      citation += lint_citation(samples[i].citation, evidence_names(samples[i], kg));
      if (display_names)
        citation[LintRule::MissingQualifier] +=
            missing_names(samples[i].citation, qualified_names(samples[i], *display_names, kg));
    }
  });
  for (const auto& group : counts)
    for (std::size_t task = 0; task < group.size(); ++task) report.lint[task] += group[task];
}

}  // namespace caqa::verbalize
