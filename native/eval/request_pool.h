// Prompts to an LLM over OpenAI-compatible endpoints, shared by caqa eval (eval_runner.h)
// and caqa build --verbalizer llm (verbalize/llm_rewriter.h): N requests in flight over
// several endpoints (least-loaded first), bounded retries with exponential backoff and
// jitter, the preflight, a stop after identical errors, the progress line, and the
// append-only response cache, so a killed run resumes without repeating a request.
#pragma once

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "answer_checks.h"
#include "class_map.h"
#include "openai_client.h"

namespace caqa::eval {

struct RequestPoolSettings {
  std::vector<std::string> endpoints;  // base URLs
  RequestSettings request;
  std::string api_key;  // sent as a bearer token; never logged or written
  int concurrency = 8;
  int max_retries = 5;          // retries after the first attempt
  double backoff_base_s = 0.5;  // delay before retry k: min(max, base * 2^k) * U[0.5, 1)
  double backoff_max_s = 30.0;
  double retry_after_max_s = 120.0;  // a larger Retry-After is capped to this
  std::uint64_t jitter_seed = 0;     // 0: seeded from the clock
  bool progress = true;
  bool preflight = true;                 // check the endpoints before the first request (preflight.h)
  std::optional<ClassMap> pair_classes;  // a pair API: the preflight checks the server's classes against it
  int stop_after_identical = 5;          // stop after this many identical non-retryable errors in a row (0: never)
  // Why an answer (fresh or cached) is refused, or nullopt: a refused answer is never
  // cached nor returned; the request fails, not retried, and counts for the stop above.
  std::function<std::optional<Refusal>(const std::string& prompt, const std::string& answer)> refuse;
};

// The API key held by the environment variable `variable` (--api-key-env); nullopt, with
// error set, when it is unset or empty.
std::optional<std::string> api_key_from_env(const std::string& variable, std::string& error);

// The cache key of a prompt under these request settings.
std::string cache_key(const RequestSettings& request, std::string_view prompt);
// The delay before retry `attempt` (0-based) after `result`; u is uniform in [0, 1).
double retry_delay_s(const RequestPoolSettings& settings, int attempt, const CallResult& result, double u);

// One request per call, through the cache: a cached prompt is answered from the cache;
// otherwise sent with retries, and stored in the cache (before anything else) on success.
// nullopt: it failed (or, in the cache-only pass, it is not cached).
using Ask = std::function<std::optional<std::string>(const std::string& prompt)>;
// work(i, ask): item i's requests; true when it is done, false when a request of it failed.
using ItemWork = std::function<bool(std::size_t i, const Ask& ask)>;

struct PoolRun {
  std::size_t done = 0, cached = 0, failed = 0;  // items: done includes cached
  std::uint64_t requests = 0, retries = 0, errors = 0;
  std::vector<bool> finished;           // by item: its work returned true
  std::vector<std::string> last_error;  // by item: why its last request failed
  std::string fatal;                    // the run could not start: cache unreadable, preflight refused
  std::string stopped;                  // identical errors stopped the run: the error repeated
};

// Runs work over items 0..ids.size()-1: first every item wholly answered by the cache (in
// this thread; nothing sent), then the rest over settings.concurrency threads. ids name
// the items in the cache's lines.
PoolRun run_items(const std::vector<nlohmann::json>& ids, const ItemWork& work, const RequestPoolSettings& settings,
                  const std::string& cache_path);

// One prompt per item; a reply per prompt, nullopt where it failed.
std::vector<std::optional<std::string>> run_prompts(const std::vector<nlohmann::json>& ids,
                                                    const std::vector<std::string>& prompts,
                                                    const RequestPoolSettings& settings, const std::string& cache_path,
                                                    PoolRun& run);

}  // namespace caqa::eval
