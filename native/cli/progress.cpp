#include "progress.h"

#include <cstdio>

#include <fmt/format.h>
#include <unistd.h>

namespace caqa::cli {

namespace {
std::string human(double x) {
  if (x >= 1e6) return fmt::format("{:.1f}M", x / 1e6);
  if (x >= 1e4) return fmt::format("{:.0f}k", x / 1e3);
  return fmt::format("{:.0f}", x);
}
}  // namespace

Progress::Progress(std::string phase, bool enabled)
    : phase_(std::move(phase)),
      tty_(::isatty(STDERR_FILENO) == 1),
      enabled_(enabled),
      start_(std::chrono::steady_clock::now()),
      last_draw_(start_) {}

void Progress::update(std::size_t done, std::size_t total) {
  if (!enabled_ || !tty_ || total == 0) return;
  auto now = std::chrono::steady_clock::now();
  if (now - last_draw_ < std::chrono::milliseconds(100) && done < total) return;
  last_draw_ = now;
  double seconds = std::chrono::duration<double>(now - start_).count();
  double rate = seconds > 0 ? done / seconds : 0;
  double eta = rate > 0 ? (total - done) / rate : 0;
  constexpr int kWidth = 28;
  int filled = static_cast<int>(kWidth * static_cast<double>(done) / total);
  fmt::print(stderr, "\r{:<8} [{}{}] {:3.0f}% {}/{} {}/s ETA {:.0f}s   ", phase_, std::string(filled, '#'),
             std::string(kWidth - filled, '.'), 100.0 * done / total, done, total, human(rate), eta);
  std::fflush(stderr);
}

void Progress::finish(std::size_t done, const std::string& what) {
  if (!enabled_) return;
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  fmt::print(stderr, "{}{:<8} {} {} in {:.2f}s ({}/s)\n", tty_ ? "\r\033[K" : "", phase_, done, what, seconds,
             human(seconds > 0 ? done / seconds : 0));
}

}  // namespace caqa::cli
