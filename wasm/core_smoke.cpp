// The core compiled by em++, run under Node: scores a prediction file and prints the
// JSON report, which must equal `caqa score --json` byte for byte (scripts/build_wasm.sh
// compares them). Until the embind module exists this is the wasm build's test.
//   node caqa_core_smoke.js PRED GOLD GOLD_SHA256
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "caqa/gold_set.h"
#include "caqa/prediction.h"
#include "caqa/report.h"
#include "caqa/score.h"
#include "caqa/validate.h"

namespace {
std::string slurp(const char* path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}
}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: caqa_core_smoke PRED GOLD GOLD_SHA256\n");
    return 2;
  }
  caqa::GoldParse g = caqa::parse_gold(slurp(argv[2]));
  if (g.diagnostics.has_errors()) return 1;
  caqa::PredictionSet p = caqa::read_predictions(slurp(argv[1]));
  caqa::Validation v = caqa::validate(p, g.gold);
  caqa::ScoreReport r = caqa::score(p, g.gold, v, {}, {argv[1], argv[2], argv[3]});
  std::printf("%s\n", caqa::report_json(r).c_str());
  return 0;
}
