#include "eval_runner.h"

#include <openssl/evp.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <thread>
#include <unordered_map>

#include "caqa/eval/prompt.h"
#include "caqa/label.h"
#include "error_streak.h"
#include "eval_progress.h"
#include "files.h"
#include "preflight.h"
#include "response_cache.h"

namespace caqa::eval {

using cli::sha256_hex;
using cli::write_file_atomic;

std::string cache_key(const RequestSettings& request, std::string_view prompt) {
  nlohmann::json key = {{"model", request.model},
                        {"api", request.api == Api::Chat ? "chat" : "completions"},
                        {"temperature", request.temperature},
                        {"max_tokens", request.max_tokens},
                        {"prompt_sha256", sha256_hex(prompt)}};
  return sha256_hex(key.dump());
}

double retry_delay_s(const RunnerSettings& settings, int attempt, const CallResult& result, double u) {
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

namespace {

// The judged form of one sample: the response written to OUT and, when known, its label.
struct Judged {
  std::string response;
  std::optional<Label> label;
};

// One request per call, through the cache: a cached prompt is answered from the cache;
// otherwise sent with retries, and stored in the cache (before anything else) on success.
// nullopt: it failed (or, cache_only, it is not cached); error says why.
using Ask = std::function<std::optional<std::string>(const std::string& prompt)>;
// judge(i, ask): sample i's prediction, or nullopt when a request of it failed.
using JudgeFn = std::function<std::optional<Judged>(std::size_t i, const Ask& ask)>;

// The predictions an existing OUT holds (its non-blank lines); 0 when there is none.
std::size_t existing_predictions(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::size_t count = 0;
  for (std::string line; std::getline(in, line);)
    if (line.find_first_not_of(" \t\r") != std::string::npos) ++count;
  return count;
}

std::string prediction_line(const nlohmann::json& id, const Judged& judged) {
  nlohmann::json line = {{"id", id}, {"response", judged.response}};
  // Only a known label is written: otherwise scoring reads the response as unparseable.
  if (judged.label) line["label"] = std::string(label_name(*judged.label));
  return line.dump();
}

RunSummary run_judge(const std::vector<nlohmann::json>& ids, const JudgeFn& judge, const RunnerSettings& settings) {
  RunSummary summary;
  summary.total = ids.size();
  auto start = std::chrono::steady_clock::now();
  if (settings.endpoints.empty()) {
    summary.fatal = "no endpoint: give at least one --endpoint URL";
    return summary;
  }
  const std::string cache_path =
      settings.cache_path.empty() ? settings.output_path + ".cache.jsonl" : settings.cache_path;
  const std::string partial_path = settings.output_path + ".partial";
  ResponseCache cache;
  AppendFile partial;
  if (!cache.open(cache_path, summary.fatal) || !partial.open(partial_path, /*truncate=*/true, summary.fatal))
    return summary;
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

  std::vector<std::optional<Judged>> results(ids.size());
  std::vector<std::string> last_error(ids.size());
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

  // Samples answered wholly by the cache first, in the calling thread: they cost nothing
  // and must never be re-sent.
  for (std::size_t i = 0; i < ids.size(); ++i) {
    Ask cache_only = [&](const std::string& prompt) { return lookup(cache_key(settings.request, prompt)); };
    if (auto judged = judge(i, cache_only)) {
      partial.append_line(prediction_line(ids[i], *judged));
      results[i] = std::move(judged);
      ++cached;
      ++done;
    }
  }

  // Only a run that will send requests needs a server: a resume answered by the cache alone does not.
  if (settings.preflight && cached < ids.size()) {
    summary.fatal = preflight(settings.endpoints, settings.request, settings.api_key);
    if (!summary.fatal.empty()) {
      std::remove(partial_path.c_str());
      return summary;
    }
  }
  ErrorStreak streak(settings.stop_after_identical);

  auto worker = [&](int worker_index) {
    std::mt19937_64 rng(seed + static_cast<std::uint64_t>(worker_index) * 0x9E3779B97F4A7C15ull);
    std::uniform_real_distribution<double> uniform(0.0, 1.0);
    std::vector<std::unique_ptr<OpenAIClient>> clients(settings.endpoints.size());
    while (!streak.stopped()) {
      std::size_t i = next++;
      if (i >= ids.size()) return;
      if (results[i]) continue;  // answered from the cache
      Ask ask = [&](const std::string& prompt) -> std::optional<std::string> {
        std::string key = cache_key(settings.request, prompt);
        if (auto hit = lookup(key)) return hit;
        std::size_t avoid = settings.endpoints.size();
        for (int attempt = 0;; ++attempt) {
          std::size_t e = picker.acquire(avoid);
          avoid = e;
          if (!clients[e])
            clients[e] = std::make_unique<OpenAIClient>(settings.endpoints[e], settings.request, settings.api_key);
          ++requests;
          CallResult result = clients[e]->complete(prompt);
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
          last_error[i] =
              std::string(to_string(result.error)) + " from " + settings.endpoints[e] + " (" + result.detail + ")";
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
      if (auto judged = judge(i, ask)) {
        partial.append_line(prediction_line(ids[i], *judged));
        results[i] = std::move(judged);
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

  std::string out;
  for (std::size_t i = 0; i < ids.size(); ++i) {
    if (results[i]) {
      out += prediction_line(ids[i], *results[i]);
      out += '\n';
      ++summary.completed;
    } else {
      summary.failures.push_back((ids[i].is_string() ? ids[i].get<std::string>() : ids[i].dump()) + ": " +
                                 (last_error[i].empty() ? "not sent (the run stopped)" : last_error[i]));
    }
  }
  summary.cached = cached;
  summary.failed = failed;
  summary.requests = requests;
  summary.retries = retries;
  summary.errors = errors;
  summary.stopped = streak.reason();
  summary.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  nlohmann::json meta = settings.meta.is_object() ? settings.meta : nlohmann::json::object();
  meta["format"] = "caqa-eval-meta";
  meta["format_version"] = 1;
  meta["model"] = settings.request.model;
  meta["settings"] = {{"api", settings.request.api == Api::Chat ? "chat" : "completions"},
                      {"temperature", settings.request.temperature},
                      {"max_tokens", settings.request.max_tokens},
                      {"timeout_s", settings.request.timeout_s},
                      {"max_retries", settings.max_retries},
                      {"concurrency", settings.concurrency},
                      {"endpoints", settings.endpoints},
                      {"extract", std::string(extract_mode_name(settings.extract))}};
  meta["counts"] = {
      {"samples", summary.total},     {"completed", summary.completed}, {"failed", summary.total - summary.completed},
      {"from_cache", summary.cached}, {"requests", summary.requests},   {"retries", summary.retries}};
  // Never a smaller file over a bigger one (a run whose requests all failed would empty
  // a good OUT); its answers stay in the cache for the next run.
  if (!settings.overwrite) {
    if (std::size_t existing = existing_predictions(settings.output_path); existing > summary.completed) {
      summary.kept_existing = existing;
      std::remove(partial_path.c_str());
      return summary;
    }
  }
  std::string error;
  if (!write_file_atomic(settings.output_path, out, error) ||
      !write_file_atomic(settings.output_path + ".meta.json", meta.dump(2) + "\n", error)) {
    summary.fatal = error;
    return summary;
  }
  std::remove(partial_path.c_str());
  return summary;
}

std::string one_line(std::string_view text) {
  std::string out;
  for (char c : text) out.push_back(c == '\n' || c == '\r' || c == '\t' ? ' ' : c);
  std::size_t b = out.find_first_not_of(' ');
  if (b == std::string::npos) return {};
  return out.substr(b, out.find_last_not_of(' ') - b + 1);
}

}  // namespace

RunSummary run_eval(const std::vector<EvalItem>& items, const RunnerSettings& settings) {
  std::vector<nlohmann::json> ids;
  ids.reserve(items.size());
  for (const auto& item : items) ids.push_back(item.id);
  JudgeFn judge = [&](std::size_t i, const Ask& ask) -> std::optional<Judged> {
    auto response = ask(items[i].prompt);
    if (!response) return std::nullopt;
    Judged judged{std::move(*response), std::nullopt};
    Extraction extraction = extract_label(judged.response, settings.extract);
    if (extraction.status == ExtractStatus::Found) judged.label = extraction.label;
    return judged;
  };
  return run_judge(ids, judge, settings);
}

std::string_view cot_label_phrase(Label label) {
  switch (label) {
    case Label::Supportive: return "Supportive";
    case Label::PartiallySupportive: return "Partially supportive";
    case Label::Contradictory: return "Contradictory";
    case Label::Irrelevant: return "Irrelevant";
  }
  return "Irrelevant";
}

CotOutcome cot_judge(const std::string& decomposition, const std::vector<std::string>& fact_responses,
                     ExtractMode mode) {
  CotOutcome out;
  std::vector<std::string> facts = split_sub_facts(decomposition);
  std::vector<Label> labels;
  std::string lines;
  bool decided = true;
  for (std::size_t k = 0; k < facts.size(); ++k) {
    std::string verdict = k < fact_responses.size() ? one_line(fact_responses[k]) : std::string();
    Extraction extraction = extract_label(verdict, mode);
    if (extraction.status == ExtractStatus::Found) {
      labels.push_back(extraction.label);
    } else {
      decided = false;
    }
    lines += "\nFact " + std::to_string(k + 1) + ": " + one_line(facts[k]) + " => " + verdict;
  }
  if (decided) out.label = aggregate_fact_labels(labels);
  // The first line states the label ("label" is what caqa score reads). With no label, the
  // first line names two categories in one sentence on purpose: caqa score, reading the
  // response, finds it ambiguous (lenient) or not starting with a category (strict), so the
  // sample counts as unparseable rather than as some category of the transcript.
  out.transcript = out.label ? "Label: " + std::string(cot_label_phrase(*out.label)) + "."
                             : std::string("Label: undecided, supportive or irrelevant.");
  out.transcript += "\nSub-facts: " + std::to_string(facts.size()) + lines;
  return out;
}

RunSummary run_cot_eval(const std::vector<CotItem>& items, const CotPrompts& prompts, const RunnerSettings& settings) {
  std::vector<nlohmann::json> ids;
  ids.reserve(items.size());
  for (const auto& item : items) ids.push_back(item.id);
  JudgeFn judge = [&](std::size_t i, const Ask& ask) -> std::optional<Judged> {
    const PromptField step1[] = {{"sentence", items[i].answer}};
    auto decomposition = ask(render_prompt(prompts.decompose, step1).text);
    if (!decomposition) return std::nullopt;
    std::vector<std::string> verdicts;
    for (const std::string& fact : split_sub_facts(*decomposition)) {
      const PromptField step2[] = {{"sub_fact", fact}, {"reference", items[i].citation}};
      auto verdict = ask(render_prompt(prompts.fact, step2).text);
      if (!verdict) return std::nullopt;
      verdicts.push_back(std::move(*verdict));
    }
    CotOutcome outcome = cot_judge(*decomposition, verdicts, settings.extract);
    return Judged{std::move(outcome.transcript), outcome.label};
  };
  return run_judge(ids, judge, settings);
}

}  // namespace caqa::eval
