// Runners of caqa/parallel.h for tests of "the same result for any runner": one that runs
// the items backwards (as threads finishing out of order might) and one that runs every
// item on its own thread at once.
#pragma once

#include <cstddef>
#include <functional>
#include <thread>
#include <vector>

#include "caqa/parallel.h"

namespace caqa::testing {

inline ParallelFor backwards_runner() {
  return [](std::size_t count, const std::function<void(std::size_t)>& body) {
    for (std::size_t i = count; i-- > 0;) body(i);
  };
}

inline ParallelFor thread_per_item_runner() {
  return [](std::size_t count, const std::function<void(std::size_t)>& body) {
    std::vector<std::thread> threads;
    for (std::size_t i = 0; i < count; ++i) threads.emplace_back(body, i);
    for (std::thread& t : threads) t.join();
  };
}

}  // namespace caqa::testing
