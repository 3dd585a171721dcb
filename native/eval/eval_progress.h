// The `caqa eval` progress line on stderr: done/total, rate, ETA, errors, retries.
// Redrawn in place at most ten times a second on a terminal; elsewhere (logs) one
// line every ten seconds. Thread-safe.
#pragma once

#include <chrono>
#include <cstddef>
#include <mutex>
#include <string>
#include <string_view>

namespace caqa::eval {

struct ProgressCounts {
  std::size_t done = 0, total = 0, cached = 0, failed = 0;
  std::size_t errors = 0, retries = 0;
};

// "what done/total ...": what is "eval", or "sparql" for caqa build --sparql's queries.
std::string progress_line(const ProgressCounts& counts, double seconds, std::string_view what = "eval");

class EvalProgress {
 public:
  explicit EvalProgress(bool enabled, std::string what = "eval");
  void update(const ProgressCounts& counts);
  void finish(const ProgressCounts& counts);

 private:
  std::mutex mutex_;
  bool enabled_, tty_;
  std::string what_;
  std::chrono::steady_clock::time_point start_, last_draw_;
};

}  // namespace caqa::eval
