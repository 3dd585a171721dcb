// caqa build --verbalizer llm: the core's TextRewriter hook (caqa/verbalize/text_rewriter.h)
// answered by an LLM with the paper's Appendix A prompts (data/prompts/verbalize_*.txt),
// through caqa eval's request pool (endpoints, concurrency, retries, the response cache,
// resume after a kill, the progress line). The core checks every reply before using it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "caqa/verbalize/text_rewriter.h"
#include "eval/prompt_sets.h"
#include "eval/request_pool.h"

namespace caqa::verbalize {

struct LlmPrompts {
  eval::PromptSet citation, question, answer;  // verbalize_citation, _question, _answer
};

// The three prompt sets from `prompt_dir` (built-in when empty), each with exactly the
// placeholders it is rendered with. On failure returns nullopt and sets error.
std::optional<LlmPrompts> load_llm_prompts(const std::string& prompt_dir, std::string& error);

class LlmRewriter {
 public:
  LlmRewriter(LlmPrompts prompts, eval::RequestPoolSettings settings, std::string cache_path);

  // The hook for kg::BuildSources; it refers to this object, which must outlive the build.
  TextRewriter hook();
  // The prompt a request is sent as.
  std::string prompt(const TextRequest& request) const;

  // Set when a run could not start (the cache unreadable, the preflight refused): every
  // text kept its grammar form, and the build should not be written.
  const std::string& fatal() const { return fatal_; }
  std::uint64_t requests() const { return requests_; }
  std::size_t from_cache() const { return cached_; }
  std::size_t failed() const { return failed_; }

 private:
  std::vector<std::optional<std::string>> rewrite(const std::vector<TextRequest>& requests);

  LlmPrompts prompts_;
  eval::RequestPoolSettings settings_;
  std::string cache_path_;
  std::string fatal_;
  std::uint64_t requests_ = 0;
  std::size_t cached_ = 0, failed_ = 0;
};

}  // namespace caqa::verbalize
