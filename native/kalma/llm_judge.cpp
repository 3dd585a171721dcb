#include "kalma/llm_judge.h"

#include <nlohmann/json.hpp>

#include "caqa/eval/prompt.h"
#include "caqa/kalma/judgments.h"

namespace caqa::kalma {

LlmJudgeRun judge_pairs_with_llm(const std::string& pairs_jsonl, const eval::PromptSet& prompt,
                                 const eval::RequestPoolSettings& settings, const std::string& cache_path) {
  LlmJudgeRun out;
  std::vector<nlohmann::json> lines, ids;
  std::vector<std::string> prompts;
  const std::string_view tmpl = eval::template_body(prompt.file_bytes);
  std::size_t begin = 0;
  while (begin < pairs_jsonl.size()) {
    std::size_t end = pairs_jsonl.find('\n', begin);
    if (end == std::string::npos) end = pairs_jsonl.size();
    nlohmann::json line = nlohmann::json::parse(pairs_jsonl.substr(begin, end - begin));
    begin = end + 1;
    const std::string sentence = line["sentence"].get<std::string>(),
                      hypothesis = line["hypothesis"].get<std::string>();
    const eval::PromptField fields[] = {{"premise", sentence}, {"hypothesis", hypothesis}};
    prompts.push_back(eval::render_prompt(tmpl, fields).text);
    ids.push_back({{"question_id", line["question_id"]},
                   {"sentence_index", line["sentence_index"]},
                   {"knowledge", line["knowledge"]}});
    lines.push_back(std::move(line));
  }
  out.pairs = lines.size();
  const auto replies = eval::run_prompts(ids, prompts, settings, cache_path, out.pool);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (!replies[i]) {
      ++out.failed;
      continue;
    }
    const std::optional<bool> entailed = parse_entailment_reply(*replies[i]);
    if (!entailed) {
      ++out.unread;
      continue;
    }
    ++out.judged;
    nlohmann::json judgment = lines[i];
    judgment.erase("for");
    judgment["entailed"] = *entailed;
    out.judgments_jsonl += judgment.dump() + "\n";
  }
  return out;
}

}  // namespace caqa::kalma
