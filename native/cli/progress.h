// A progress line on stderr with count, rate and ETA, redrawn at most ten times a
// second; on a terminal only (logs get one summary line per phase).
#pragma once

#include <chrono>
#include <cstddef>
#include <string>

namespace caqa::cli {

class Progress {
 public:
  Progress(std::string phase, bool enabled);
  void update(std::size_t done, std::size_t total);
  // Ends the phase with one line: what was done and how fast.
  void finish(std::size_t done, const std::string& what);

 private:
  std::string phase_;
  bool tty_;
  bool enabled_;
  std::chrono::steady_clock::time_point start_, last_draw_;
};

}  // namespace caqa::cli
