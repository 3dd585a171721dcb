// The native runner of caqa/parallel.h: items handed out one at a time to a few threads.
#pragma once

#include "caqa/parallel.h"

namespace caqa::cli {

// threads == 0: one per core. One thread, or one item, runs on the caller's thread.
ParallelFor thread_runner(unsigned threads);

}  // namespace caqa::cli
