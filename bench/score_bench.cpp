// Throughput of caqa's scoring path, phase by phase, on one gold and one prediction file.
// bench/run_score_bench.sh generates the files with ../shared/tools/oracle.py, runs this
// and times the oracle on the same files in the same run.
#include <chrono>
#include <cstdio>
#include <string>

#include <fmt/format.h>

#include "caqa/gold_set.h"
#include "caqa/metrics/bootstrap.h"
#include "caqa/prediction.h"
#include "caqa/score.h"
#include "caqa/validate.h"

namespace {

std::string slurp(const char* path) {
  std::FILE* f = std::fopen(path, "rb");
  if (!f) return {};
  std::fseek(f, 0, SEEK_END);
  long size = std::ftell(f);
  std::fseek(f, 0, SEEK_SET);
  std::string data;
  data.reserve(size + 64);
  data.resize(size);
  std::size_t got = std::fread(data.data(), 1, size, f);
  std::fclose(f);
  data.resize(got);
  return data;
}

template <class F>
double best_seconds(int runs, F&& f) {
  double best = 1e9;
  for (int i = 0; i < runs; ++i) {
    auto t0 = std::chrono::steady_clock::now();
    f();
    best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: score_bench GOLD PRED [RUNS]\n");
    return 2;
  }
  int runs = argc > 3 ? std::atoi(argv[3]) : 5;
  std::string gold_text = slurp(argv[1]), pred_text = slurp(argv[2]);
  caqa::GoldSet gold;
  caqa::PredictionSet predictions;
  caqa::Validation validation;
  double t_gold = best_seconds(runs, [&] { gold = caqa::parse_gold(gold_text).gold; });
  double t_pred = best_seconds(runs, [&] { predictions = caqa::read_predictions(pred_text); });
  double t_join = best_seconds(runs, [&] { validation = caqa::validate(predictions, gold); });
  caqa::ScoreRequest options;
  options.bootstrap.resamples = 0;
  caqa::ScoreReport report;
  double t_metrics = best_seconds(runs, [&] { report = caqa::score(predictions, gold, validation, options, {}); });
  std::vector<double> boot;
  for (std::uint32_t reps : {1000u, 10000u})
    boot.push_back(best_seconds(runs, [&] { caqa::bootstrap_intervals(report.confusion, {reps, 13, 0.95}); }));
  double mb = pred_text.size() / 1e6;
  std::size_t lines = predictions.lines_read;
  fmt::print("n_gold {}  prediction lines {}  ({:.1f} MB predictions, {:.1f} MB gold)\n", gold.size(), lines, mb,
             gold_text.size() / 1e6);
  fmt::print("parse gold             {:8.1f} ms  {:7.0f} MB/s\n", t_gold * 1e3, gold_text.size() / 1e6 / t_gold);
  fmt::print("parse predictions      {:8.1f} ms  {:7.0f} MB/s  {:6.2f} M lines/s (single thread)\n", t_pred * 1e3,
             mb / t_pred, lines / 1e6 / t_pred);
  fmt::print("join + validate        {:8.1f} ms\n", t_join * 1e3);
  fmt::print("metrics                {:8.1f} ms\n", t_metrics * 1e3);
  fmt::print("bootstrap 1,000        {:8.2f} ms\n", boot[0] * 1e3);
  fmt::print("bootstrap 10,000       {:8.2f} ms\n", boot[1] * 1e3);
  fmt::print("micro-F1 {:.6f}\n", report.classification.value("micro_f1"));
  return 0;
}
