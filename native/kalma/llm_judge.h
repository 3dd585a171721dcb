// `caqa kalma --endpoint URL --model M`: the entailment decisions of KaLMA's alignment and
// [NA] metrics asked of an LLM, one sentence-knowledge pair a request, over caqa eval's
// request pool (several endpoints, retries, the append-only cache, resume, progress).
#pragma once

#include <optional>
#include <string>

#include "eval/prompt_sets.h"
#include "eval/request_pool.h"

namespace caqa::kalma {

struct LlmJudgeRun {
  std::string judgments_jsonl;                                // each judged pair's --pairs line with "entailed" added
  std::size_t pairs = 0, judged = 0, failed = 0, unread = 0;  // unread: a reply that is neither yes nor no
  eval::PoolRun pool;
};

// pairs_jsonl: the output of `caqa kalma --pairs` (score_kalma with request.pairs). The
// prompt must have the placeholders {premise} (the sentence) and {hypothesis}.
LlmJudgeRun judge_pairs_with_llm(const std::string& pairs_jsonl, const eval::PromptSet& prompt,
                                 const eval::RequestPoolSettings& settings, const std::string& cache_path);

}  // namespace caqa::kalma
