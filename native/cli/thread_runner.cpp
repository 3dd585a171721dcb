#include "thread_runner.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace caqa::cli {

ParallelFor thread_runner(unsigned threads) {
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  return [threads](std::size_t count, const std::function<void(std::size_t)>& body) {
    const std::size_t workers = std::min<std::size_t>(threads, count);
    if (workers <= 1) {
      for (std::size_t i = 0; i < count; ++i) body(i);
      return;
    }
    std::atomic<std::size_t> next{0};
    std::exception_ptr failure;
    std::mutex failure_mutex;
    auto work = [&] {
      try {
        for (std::size_t i; (i = next.fetch_add(1)) < count;) body(i);
      } catch (...) {
        // The first failure is rethrown on the caller's thread; the others stop early.
        std::lock_guard lock(failure_mutex);
        if (!failure) failure = std::current_exception();
        next = count;
      }
    };
    std::vector<std::thread> pool;
    for (std::size_t t = 1; t < workers; ++t) pool.emplace_back(work);
    work();
    for (auto& t : pool) t.join();
    if (failure) std::rethrow_exception(failure);
  };
}

}  // namespace caqa::cli
