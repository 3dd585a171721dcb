// AFLite (caqa/hardening) on a built benchmark: the time it takes, the samples it removes,
// and the full-input baseline's test micro-F1 before and after (trained on the kept train
// samples, scored on the kept test samples). With sizes, it also times the filter on the
// first N samples (train, then test) for each N:
//   build/native/caqa build -o /tmp/aflite-b
//   build/bench/aflite_bench /tmp/aflite-b
//   build/native/caqa build --metaqa ../shared/data/metaqa -q -o /tmp/aflite-mq
//   build/bench/aflite_bench /tmp/aflite-mq 1500 5000 15000
// Prints "skipped" and exits 0 when the directory is absent.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <string>

#include "baseline/dataset.h"
#include "caqa/hardening/aflite.h"
#include "caqa/hardening/aflite_report.h"
#include "caqa/hardening/probe.h"

using namespace caqa;
using namespace caqa::hardening;

namespace {

struct Samples {
  std::vector<FilterSample> samples;
  std::vector<bool> is_test;
};

void append(const baseline::Dataset& d, bool test, Samples& out) {
  for (std::size_t i = 0; i < d.size(); ++i) {
    out.samples.push_back({d.question[i], d.answer[i], d.citation[i], d.labels[i], d.complexity[i]});
    out.is_test.push_back(test);
  }
}

// Wall and CPU seconds (the CPU figure is the one to compare on a shared machine).
struct Stopwatch {
  std::chrono::steady_clock::time_point wall = std::chrono::steady_clock::now();
  std::clock_t cpu = std::clock();
  double wall_s() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - wall).count(); }
  double cpu_s() const { return static_cast<double>(std::clock() - cpu) / CLOCKS_PER_SEC; }
};

}  // namespace

int main(int argc, char** argv) {
  const std::string dir = argc > 1 ? argv[1] : "/tmp/aflite-b";
  const std::string train_path = dir + "/train.jsonl", test_path = dir + "/test.jsonl";
  if (!std::filesystem::exists(train_path) || !std::filesystem::exists(test_path)) {
    std::printf("aflite_bench: skipped: %s has no train.jsonl/test.jsonl (build it with `caqa build -o %s`)\n",
                dir.c_str(), dir.c_str());
    return 0;
  }
  std::string error;
  auto train = baseline::read_dataset(train_path, error);
  auto test = train ? baseline::read_dataset(test_path, error) : std::nullopt;
  if (!train || !test) {
    std::fprintf(stderr, "aflite_bench: %s\n", error.c_str());
    return 2;
  }
  Samples all;
  append(*train, false, all);
  append(*test, true, all);
  const AfliteOptions options;

  if (argc > 2) {  // time vs size
    for (int a = 2; a < argc; ++a) {
      const std::size_t n = std::min<std::size_t>(std::strtoull(argv[a], nullptr, 10), all.samples.size());
      const std::vector<FilterSample> head(all.samples.begin(), all.samples.begin() + static_cast<std::ptrdiff_t>(n));
      const Stopwatch watch;
      const AfliteResult r = aflite_filter(head, options);
      std::printf("aflite_bench: n %zu: %.2f s wall, %.2f s CPU, %zu rounds, removed %zu %s\n", n, watch.wall_s(),
                  watch.cpu_s(), r.rounds.size(), r.removed_total(),
                  std::string(aflite_error_message(r.error)).c_str());
    }
    return 0;
  }

  const double before = full_input_micro_f1(all.samples, all.is_test);
  const Stopwatch watch;
  const AfliteResult r = aflite_filter(all.samples, options);
  const double wall_s = watch.wall_s(), cpu_s = watch.cpu_s();
  if (r.error != AfliteError::None) {
    std::fprintf(stderr, "aflite_bench: %s\n", std::string(aflite_error_message(r.error)).c_str());
    return 2;
  }
  const double after = full_input_micro_f1(all.samples, all.is_test, r.keep);
  std::size_t kept_test = 0;
  for (std::size_t i = 0; i < r.keep.size(); ++i) kept_test += r.keep[i] && all.is_test[i] ? 1 : 0;
  std::printf("%s\n", aflite_markdown(r, options).c_str());
  std::printf("aflite_bench: %zu samples, filter %.2f s wall, %.2f s CPU, removed %zu, kept test %zu\n",
              all.samples.size(), wall_s, cpu_s, r.removed_total(), kept_test);
  std::printf("aflite_bench: full-input test micro-F1 before %.3f, after %.3f\n", before, after);
  return 0;
}
