#include "verbalize/llm_rewriter.h"

#include <algorithm>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "caqa/eval/prompt.h"

namespace caqa::verbalize {

namespace {

std::string quoted(const std::string& text) { return nlohmann::json(text).dump(); }

// [("Jaws", "directed_by", "Steven Spielberg"), ...]: the paper's Table 9 form; with two
// passages, each passage's facts after its marker: [1] [(...), ...] [2] [(...), ...].
std::string subgraph_text(const std::vector<NameTriple>& triples, const std::vector<std::size_t>& passage) {
  const std::size_t passages =
      passage.size() == triples.size() && !passage.empty() ? *std::max_element(passage.begin(), passage.end()) + 1 : 1;
  std::string out;
  for (std::size_t p = 0; p < passages; ++p) {
    if (passages > 1) out += fmt::format("{}[{}] ", p == 0 ? "" : " ", p + 1);
    std::string list = "[";
    for (std::size_t i = 0; i < triples.size(); ++i)
      if (passages == 1 || passage[i] == p)
        list += fmt::format("{}({}, {}, {})", list.size() > 1 ? ", " : "", quoted(triples[i][0]), quoted(triples[i][1]),
                            quoted(triples[i][2]));
    out += list + "]";
  }
  return out;
}

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& name : names) out += (out.empty() ? "" : "; ") + name;
  return out;
}

}  // namespace

std::optional<LlmPrompts> load_llm_prompts(const std::string& prompt_dir, std::string& error) {
  LlmPrompts out;
  const std::pair<eval::PromptSet*, std::vector<std::string>> sets[] = {
      {&out.citation, {"subgraph"}}, {&out.question, {"question", "triples"}}, {&out.answer, {"question", "answer"}}};
  const char* names[] = {"verbalize_citation", "verbalize_question", "verbalize_answer"};
  for (std::size_t i = 0; i < 3; ++i) {
    auto set = eval::load_prompt_set(prompt_dir, names[i], error);
    if (!set) return std::nullopt;
    auto placeholders = eval::template_placeholders(eval::template_body(set->file_bytes));
    if (placeholders != sets[i].second) {
      error = fmt::format("prompt set \"{}\" must have the placeholders {{{}}}", names[i],
                          fmt::join(sets[i].second, "}, {"));
      return std::nullopt;
    }
    *sets[i].first = std::move(*set);
  }
  return out;
}

LlmRewriter::LlmRewriter(LlmPrompts prompts, eval::RequestPoolSettings settings, std::string cache_path)
    : prompts_(std::move(prompts)), settings_(std::move(settings)), cache_path_(std::move(cache_path)) {}

TextRewriter LlmRewriter::hook() {
  TextRewriter out;
  out.name = "llm/" + settings_.request.model;
  out.about = {{"model", settings_.request.model}, {"max_tokens", std::to_string(settings_.request.max_tokens)}};
  for (const eval::PromptSet* set : {&prompts_.citation, &prompts_.question, &prompts_.answer}) {
    out.about.emplace_back("prompt." + set->name + ".version", set->version);
    out.about.emplace_back("prompt." + set->name + ".sha256", set->sha256);
  }
  out.rewrite = [this](const std::vector<TextRequest>& requests) { return rewrite(requests); };
  return out;
}

std::string LlmRewriter::prompt(const TextRequest& r) const {
  switch (r.task) {
    case TextTask::Citation: {
      std::string subgraph = subgraph_text(r.triples, r.passage);
      const eval::PromptField fields[] = {{"subgraph", subgraph}};
      return eval::render_prompt(eval::template_body(prompts_.citation.file_bytes), fields).text;
    }
    case TextTask::Question: {
      std::string triples = "[" + r.query + "]";
      const eval::PromptField fields[] = {{"question", r.source_question}, {"triples", triples}};
      return eval::render_prompt(eval::template_body(prompts_.question.file_bytes), fields).text;
    }
    case TextTask::Answer: {
      std::string answers = joined(r.answers);
      const eval::PromptField fields[] = {{"question", r.question}, {"answer", answers}};
      return eval::render_prompt(eval::template_body(prompts_.answer.file_bytes), fields).text;
    }
  }
  return {};
}

std::vector<std::optional<std::string>> LlmRewriter::rewrite(const std::vector<TextRequest>& requests) {
  if (!fatal_.empty() || requests.empty()) return std::vector<std::optional<std::string>>(requests.size());
  std::vector<nlohmann::json> ids;
  std::vector<std::string> prompts;
  for (std::size_t i = 0; i < requests.size(); ++i) {
    ids.emplace_back(fmt::format("{} {}", text_task_name(requests[i].task), i));
    prompts.push_back(prompt(requests[i]));
  }
  eval::PoolRun run;
  auto replies = eval::run_prompts(ids, prompts, settings_, cache_path_, run);
  fatal_ = run.fatal;
  requests_ += run.requests;
  cached_ += run.cached;
  failed_ += run.failed;
  return replies;
}

}  // namespace caqa::verbalize
