// Work split across threads where a front end has them. The core starts no thread (it is
// compiled to WebAssembly too): a native front end passes a runner, and without one the
// work runs in order on the caller's thread. Callers make the result independent of the
// order the items run in.
#pragma once

#include <cstddef>
#include <functional>

namespace caqa {

// Calls body(i) once for every i in [0, count), in any order and possibly at once, and
// returns when every call has returned.
using ParallelFor = std::function<void(std::size_t count, const std::function<void(std::size_t)>& body)>;

inline void run_each(const ParallelFor& runner, std::size_t count, const std::function<void(std::size_t)>& body) {
  if (runner) {
    runner(count, body);
    return;
  }
  for (std::size_t i = 0; i < count; ++i) body(i);
}

}  // namespace caqa
