#include "eval_progress.h"

#include <unistd.h>

#include <fmt/format.h>
#include <cstdio>

namespace caqa::eval {

std::string progress_line(const ProgressCounts& c, double seconds, std::string_view what) {
  // The rate counts requests actually answered, not cache hits.
  std::size_t fresh = c.done - c.cached;
  double rate = seconds > 0 ? static_cast<double>(fresh) / seconds : 0;
  std::size_t left = c.total - c.done;
  std::string eta = rate > 0 ? fmt::format("{:.0f}s", static_cast<double>(left) / rate) : "--";
  return fmt::format("{} {}/{} ({} cached) {:.1f} req/s ETA {} errors {} retries {} failed {}", what, c.done, c.total,
                     c.cached, rate, eta, c.errors, c.retries, c.failed);
}

EvalProgress::EvalProgress(bool enabled, std::string what)
    : enabled_(enabled),
      tty_(::isatty(STDERR_FILENO) == 1),
      what_(std::move(what)),
      start_(std::chrono::steady_clock::now()),
      last_draw_(start_) {}

void EvalProgress::update(const ProgressCounts& counts) {
  if (!enabled_) return;
  std::lock_guard lock(mutex_);
  auto now = std::chrono::steady_clock::now();
  if (now - last_draw_ < (tty_ ? std::chrono::milliseconds(100) : std::chrono::milliseconds(10000))) return;
  last_draw_ = now;
  double seconds = std::chrono::duration<double>(now - start_).count();
  fmt::print(stderr, "{}{}{}", tty_ ? "\r\033[K" : "", progress_line(counts, seconds, what_), tty_ ? "" : "\n");
  std::fflush(stderr);
}

void EvalProgress::finish(const ProgressCounts& counts) {
  if (!enabled_) return;
  std::lock_guard lock(mutex_);
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  fmt::print(stderr, "{}{} in {:.2f}s\n", tty_ ? "\r\033[K" : "", progress_line(counts, seconds, what_), seconds);
}

}  // namespace caqa::eval
