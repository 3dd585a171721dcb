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
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <thread>

#include "caqa/label.h"
#include "eval_progress.h"
#include "response_cache.h"

namespace caqa::eval {

std::string sha256_hex(std::string_view bytes) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  EVP_Digest(bytes.data(), bytes.size(), digest, &length, EVP_sha256(), nullptr);
  static constexpr char kHex[] = "0123456789abcdef";
  std::string hex;
  for (unsigned int i = 0; i < length; ++i) {
    hex.push_back(kHex[digest[i] >> 4]);
    hex.push_back(kHex[digest[i] & 15]);
  }
  return hex;
}

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

bool write_file_atomic(const std::string& path, std::string_view content, std::string& error) {
  std::string tmp = path + ".tmp-" + std::to_string(::getpid());
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out.write(content.data(), static_cast<std::streamsize>(content.size()));
    out.flush();
    if (!out) {
      error = tmp + ": cannot write: " + std::strerror(errno);
      std::remove(tmp.c_str());
      return false;
    }
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    error = path + ": cannot rename " + tmp + " into place: " + std::strerror(errno);
    std::remove(tmp.c_str());
    return false;
  }
  return true;
}

namespace {

std::string prediction_line(const nlohmann::json& id, const std::string& response, ExtractMode mode) {
  nlohmann::json line = {{"id", id}, {"response", response}};
  Extraction extraction = extract_label(response, mode);
  // Only a found label is written: otherwise scoring reads the response as unparseable.
  if (extraction.status == ExtractStatus::Found) line["label"] = std::string(label_name(extraction.label));
  return line.dump();
}

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
      cool_until_[i] = std::max(cool_until_[i], Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                                                   std::chrono::duration<double>(cool_s)));
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

RunSummary run_eval(const std::vector<EvalItem>& items, const RunnerSettings& settings) {
  RunSummary summary;
  summary.total = items.size();
  auto start = std::chrono::steady_clock::now();
  if (settings.endpoints.empty()) {
    summary.fatal = "no endpoint: give at least one --endpoint URL";
    return summary;
  }
  const std::string cache_path = settings.cache_path.empty() ? settings.output_path + ".cache.jsonl" : settings.cache_path;
  const std::string partial_path = settings.output_path + ".partial";
  ResponseCache cache;
  AppendFile partial;
  if (!cache.open(cache_path, summary.fatal) || !partial.open(partial_path, /*truncate=*/true, summary.fatal))
    return summary;

  std::vector<std::optional<std::string>> responses(items.size());
  std::vector<std::string> last_error(items.size());
  std::vector<std::string> keys(items.size());
  std::atomic<std::size_t> next{0}, done{0}, cached{0}, failed{0};
  std::atomic<std::uint64_t> requests{0}, retries{0}, errors{0};
  EndpointPicker picker(settings.endpoints.size());
  EvalProgress progress(settings.progress);
  auto counts = [&] {
    return ProgressCounts{done.load(), items.size(), cached.load(), failed.load(), errors.load(), retries.load()};
  };
  std::uint64_t seed = settings.jitter_seed != 0
                           ? settings.jitter_seed
                           : static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());

  // Cache hits first, in the calling thread: they cost nothing and must never be re-sent.
  for (std::size_t i = 0; i < items.size(); ++i) {
    keys[i] = cache_key(settings.request, items[i].prompt);
    if (auto hit = cache.find(keys[i])) {
      responses[i] = std::move(*hit);
      partial.append_line(prediction_line(items[i].id, *responses[i], settings.extract));
      ++cached;
      ++done;
    }
  }

  auto worker = [&](int worker_index) {
    std::mt19937_64 rng(seed + static_cast<std::uint64_t>(worker_index) * 0x9E3779B97F4A7C15ull);
    std::uniform_real_distribution<double> uniform(0.0, 1.0);
    std::vector<std::unique_ptr<OpenAIClient>> clients(settings.endpoints.size());
    for (;;) {
      std::size_t i = next++;
      if (i >= items.size()) return;
      if (responses[i]) continue;  // answered from the cache
      std::size_t avoid = settings.endpoints.size();
      for (int attempt = 0;; ++attempt) {
        std::size_t e = picker.acquire(avoid);
        avoid = e;
        if (!clients[e])
          clients[e] = std::make_unique<OpenAIClient>(settings.endpoints[e], settings.request, settings.api_key);
        ++requests;
        CallResult result = clients[e]->complete(items[i].prompt);
        double delay = retry_delay_s(settings, attempt, result, uniform(rng));
        // Only endpoint trouble cools an endpoint down; a 4xx is about the request.
        picker.release(e, is_retryable(result.error), std::min(settings.backoff_max_s, std::max(1.0, 2 * delay)));
        if (result.error == CallError::None) {
          nlohmann::json line = {{"key", keys[i]},
                                 {"id", items[i].id},
                                 {"model", settings.request.model},
                                 {"endpoint", settings.endpoints[e]},
                                 {"response", result.text}};
          cache.store(keys[i], line.dump());  // first: a kill after this never repeats the request
          partial.append_line(prediction_line(items[i].id, result.text, settings.extract));
          responses[i] = std::move(result.text);
          break;
        }
        ++errors;
        last_error[i] = std::string(to_string(result.error)) + " from " + settings.endpoints[e] + " (" +
                        result.detail + ")";
        // A failed connection is not reused: httplib reconnects, but a fresh client is cheap.
        if (result.error == CallError::Connection || result.error == CallError::Timeout) clients[e].reset();
        if (!is_retryable(result.error) || attempt >= settings.max_retries) {
          ++failed;
          break;
        }
        ++retries;
        progress.update(counts());
        std::this_thread::sleep_for(std::chrono::duration<double>(delay));
      }
      ++done;
      progress.update(counts());
    }
  };

  int threads = std::max(1, std::min<int>(settings.concurrency, static_cast<int>(items.size())));
  std::vector<std::thread> pool;
  pool.reserve(static_cast<std::size_t>(threads));
  for (int t = 0; t < threads; ++t) pool.emplace_back(worker, t);
  for (auto& thread : pool) thread.join();
  progress.finish(counts());

  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (responses[i]) {
      out += prediction_line(items[i].id, *responses[i], settings.extract);
      out += '\n';
      ++summary.completed;
    } else {
      summary.failures.push_back((items[i].id.is_string() ? items[i].id.get<std::string>() : items[i].id.dump()) +
                                 ": " + last_error[i]);
    }
  }
  summary.cached = cached;
  summary.failed = failed;
  summary.requests = requests;
  summary.retries = retries;
  summary.errors = errors;
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
  meta["counts"] = {{"samples", summary.total},       {"completed", summary.completed},
                    {"failed", summary.total - summary.completed}, {"from_cache", summary.cached},
                    {"requests", summary.requests},   {"retries", summary.retries}};
  std::string error;
  if (!write_file_atomic(settings.output_path, out, error) ||
      !write_file_atomic(settings.output_path + ".meta.json", meta.dump(2) + "\n", error)) {
    summary.fatal = error;
    return summary;
  }
  std::remove(partial_path.c_str());
  return summary;
}

}  // namespace caqa::eval
