#include "request_pool.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <random>
#include <thread>
#include <unordered_map>

#include "error_streak.h"
#include "eval_progress.h"
#include "files.h"
#include "preflight.h"
#include "response_cache.h"

namespace caqa::eval {

using cli::sha256_hex;

std::optional<std::string> api_key_from_env(const std::string& variable, std::string& error) {
  const char* key = std::getenv(variable.c_str());
  if (key == nullptr || *key == '\0') {
    error = "environment variable " + variable + " is not set or empty (it should hold the API key)";
    return std::nullopt;
  }
  return std::string(key);
}

std::string cache_key(const RequestSettings& request, std::string_view prompt) {
  nlohmann::json key = {{"model", request.model},
                        {"api", std::string(api_name(request.api))},
                        {"temperature", request.temperature},
                        {"max_tokens", request.max_tokens},
                        {"prompt_sha256", sha256_hex(prompt)}};
  // Only when asked for, so that the caches of runs without log-probabilities keep their keys.
  if (request.top_logprobs > 0) key["top_logprobs"] = request.top_logprobs;
  return sha256_hex(key.dump());
}

double retry_delay_s(const RequestPoolSettings& settings, int attempt, const CallResult& result, double u) {
  if (result.retry_after_s) return std::min(*result.retry_after_s, settings.retry_after_max_s);
  double backoff = std::min(settings.backoff_max_s, settings.backoff_base_s * std::ldexp(1.0, attempt));
  return backoff * (0.5 + 0.5 * u);
}

namespace {

// Least-loaded endpoint choice among the healthy ones; ties go round-robin so replicas
// share the start. An endpoint that just failed cools down for the retry delay, so a
// dead replica does not keep drawing requests because it answers (fails) fastest.
class EndpointPicker {
 public:
  using Clock = std::chrono::steady_clock;
  explicit EndpointPicker(std::size_t n) : in_flight_(n, 0), cool_until_(n) {}
  // avoid: the endpoint that just failed this request (skipped while another is usable).
  std::size_t acquire(std::size_t avoid) {
    std::lock_guard lock(mutex_);
    std::size_t n = in_flight_.size(), best = n;
    auto now = Clock::now();
    for (int pass = 0; pass < 2 && best == n; ++pass) {
      for (std::size_t k = 0; k < n; ++k) {
        std::size_t i = (next_ + k) % n;
        if (pass == 0 && (cool_until_[i] > now || i == avoid)) continue;
        if (best == n || in_flight_[i] < in_flight_[best]) best = i;
      }
    }
    ++next_;
    ++in_flight_[best];
    return best;
  }
  void release(std::size_t i, bool failed, double cool_s) {
    std::lock_guard lock(mutex_);
    --in_flight_[i];
    if (failed) {
      cool_until_[i] =
          std::max(cool_until_[i],
                   Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(cool_s)));
    } else {
      cool_until_[i] = Clock::time_point{};
    }
  }

 private:
  std::mutex mutex_;
  std::vector<int> in_flight_;
  std::vector<Clock::time_point> cool_until_;
  std::size_t next_ = 0;
};

}  // namespace

PoolRun run_items(const std::vector<nlohmann::json>& ids, const ItemWork& work, const RequestPoolSettings& settings,
                  const std::string& cache_path) {
  PoolRun run;
  run.finished.assign(ids.size(), false);
  run.last_error.assign(ids.size(), std::string());
  if (settings.endpoints.empty()) {
    run.fatal = "no endpoint: give at least one --endpoint URL";
    return run;
  }
  ResponseCache cache;
  if (!cache.open(cache_path, run.fatal)) return run;
  // Answers stored during this run (the cache's map holds what was there at open):
  // a prompt repeated within the run is sent once.
  std::mutex fresh_mutex;
  std::unordered_map<std::string, std::string> fresh;
  auto lookup = [&](const std::string& key) -> std::optional<std::string> {
    if (auto hit = cache.find(key)) return hit;
    std::lock_guard lock(fresh_mutex);
    auto it = fresh.find(key);
    if (it == fresh.end()) return std::nullopt;
    return it->second;
  };
  // A cached answer refused now (another --label-map, an older caqa) is asked again.
  auto usable = [&](const std::string& prompt, const std::string& key) -> std::optional<std::string> {
    auto hit = lookup(key);
    if (hit && settings.refuse && settings.refuse(prompt, *hit)) return std::nullopt;
    return hit;
  };
  std::atomic<std::size_t> next{0}, done{0}, cached{0}, failed{0};
  std::atomic<std::uint64_t> requests{0}, retries{0}, errors{0};
  EndpointPicker picker(settings.endpoints.size());
  EvalProgress progress(settings.progress);
  auto counts = [&] {
    return ProgressCounts{done.load(), ids.size(), cached.load(), failed.load(), errors.load(), retries.load()};
  };
  std::uint64_t seed = settings.jitter_seed != 0
                           ? settings.jitter_seed
                           : static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());

  // Items answered wholly by the cache first, in the calling thread: they cost nothing
  // and must never be re-sent.
  Ask cache_only = [&](const std::string& prompt) { return usable(prompt, cache_key(settings.request, prompt)); };
  for (std::size_t i = 0; i < ids.size(); ++i) {
    if (work(i, cache_only)) {
      run.finished[i] = true;
      ++cached;
      ++done;
    }
  }

  // Only a run that will send requests needs a server: a resume answered by the cache alone does not.
  if (settings.preflight && cached < ids.size()) {
    run.fatal = preflight(settings.endpoints, settings.request, settings.api_key,
                          settings.pair_classes ? &*settings.pair_classes : nullptr);
    if (!run.fatal.empty()) return run;
  }
  ErrorStreak streak(settings.stop_after_identical);

  auto worker = [&](int worker_index) {
    std::mt19937_64 rng(seed + static_cast<std::uint64_t>(worker_index) * 0x9E3779B97F4A7C15ull);
    std::uniform_real_distribution<double> uniform(0.0, 1.0);
    std::vector<std::unique_ptr<OpenAIClient>> clients(settings.endpoints.size());
    while (!streak.stopped()) {
      std::size_t i = next++;
      if (i >= ids.size()) return;
      if (run.finished[i]) continue;  // answered from the cache
      Ask ask = [&](const std::string& prompt) -> std::optional<std::string> {
        std::string key = cache_key(settings.request, prompt);
        if (auto hit = usable(prompt, key)) return hit;
        std::size_t avoid = settings.endpoints.size();
        for (int attempt = 0;; ++attempt) {
          std::size_t e = picker.acquire(avoid);
          avoid = e;
          if (!clients[e])
            clients[e] = std::make_unique<OpenAIClient>(settings.endpoints[e], settings.request, settings.api_key);
          ++requests;
          CallResult result = clients[e]->complete(prompt);
          if (result.error == CallError::None && settings.refuse)
            if (auto refusal = settings.refuse(prompt, result.text)) {
              result.error = CallError::Refused;
              result.detail = std::move(refusal->reason);
              result.words = std::move(refusal->words);
            }
          double delay = retry_delay_s(settings, attempt, result, uniform(rng));
          // Only endpoint trouble cools an endpoint down; a 4xx is about the request.
          picker.release(e, is_retryable(result.error), std::min(settings.backoff_max_s, std::max(1.0, 2 * delay)));
          if (result.error == CallError::None) {
            nlohmann::json line = {{"key", key},
                                   {"id", ids[i]},
                                   {"model", settings.request.model},
                                   {"endpoint", settings.endpoints[e]},
                                   {"response", result.text}};
            cache.store(key, line.dump());  // first: a kill after this never repeats the request
            {
              std::lock_guard lock(fresh_mutex);
              fresh.emplace(key, result.text);
            }
            streak.success();
            return std::move(result.text);
          }
          ++errors;
          run.last_error[i] = std::string(to_string(result.error)) + " from " + settings.endpoints[e] + " (" +
                              result.detail + ")" + (result.words.empty() ? "" : ": " + result.words);
          // A failed connection is not reused: httplib reconnects, but a fresh client is cheap.
          if (result.error == CallError::Connection || result.error == CallError::Timeout) clients[e].reset();
          if (!is_retryable(result.error)) {
            streak.failure(std::string(to_string(result.error)) + " (" + result.detail + ")");
            return std::nullopt;
          }
          if (attempt >= settings.max_retries) return std::nullopt;
          ++retries;
          progress.update(counts());
          std::this_thread::sleep_for(std::chrono::duration<double>(delay));
        }
      };
      if (work(i, ask)) {
        run.finished[i] = true;
      } else {
        ++failed;
      }
      ++done;
      progress.update(counts());
    }
  };

  int threads = std::max(1, std::min<int>(settings.concurrency, static_cast<int>(ids.size())));
  std::vector<std::thread> pool;
  pool.reserve(static_cast<std::size_t>(threads));
  for (int t = 0; t < threads; ++t) pool.emplace_back(worker, t);
  for (auto& thread : pool) thread.join();
  progress.finish(counts());
  run.done = done;
  run.cached = cached;
  run.failed = failed;
  run.requests = requests;
  run.retries = retries;
  run.errors = errors;
  run.stopped = streak.reason();
  return run;
}

std::vector<std::optional<std::string>> run_prompts(const std::vector<nlohmann::json>& ids,
                                                    const std::vector<std::string>& prompts,
                                                    const RequestPoolSettings& settings, const std::string& cache_path,
                                                    PoolRun& run) {
  std::vector<std::optional<std::string>> replies(prompts.size());
  ItemWork work = [&](std::size_t i, const Ask& ask) {
    replies[i] = ask(prompts[i]);
    return replies[i].has_value();
  };
  run = run_items(ids, work, settings, cache_path);
  return replies;
}

}  // namespace caqa::eval
