// Identical non-retryable errors in a row, counted over all of a run's workers.
#pragma once

#include <atomic>
#include <mutex>
#include <string>

namespace caqa::eval {

// Counts identical non-retryable errors in a row over all workers: a wrong model or key
// fails every request alike, and the run should say so once and stop.
class ErrorStreak {
 public:
  explicit ErrorStreak(int limit) : limit_(limit) {}
  void success() {
    std::lock_guard lock(mutex_);
    count_ = 0;
  }
  void failure(const std::string& error) {
    std::lock_guard lock(mutex_);
    count_ = error == last_ ? count_ + 1 : 1;
    last_ = error;
    if (limit_ > 0 && count_ >= limit_ && !stopped_) {
      stopped_ = true;
      reason_ = std::to_string(count_) + " identical errors: " + error;
    }
  }
  bool stopped() const { return stopped_; }
  std::string reason() {
    std::lock_guard lock(mutex_);
    return reason_;
  }

 private:
  std::mutex mutex_;
  int limit_, count_ = 0;
  std::string last_, reason_;
  std::atomic<bool> stopped_{false};
};

}  // namespace caqa::eval
