// The core compiled by em++, run under Node: scores a prediction file and prints the
// JSON report, which must equal `caqa score --json` byte for byte (scripts/build_wasm.sh
// compares them). Until the embind module exists this is the wasm build's test.
//   node caqa_core_smoke.js PRED GOLD GOLD_SHA256 DATE   (DATE: the report's, YYYY-MM-DD)
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "caqa/report.h"
#include "caqa/scoring/pipeline.h"

namespace {
std::string slurp(const char* path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}
}  // namespace

int main(int argc, char** argv) {
  if (argc != 5) {
    std::fprintf(stderr, "usage: caqa_core_smoke PRED GOLD GOLD_SHA256 DATE\n");
    return 2;
  }
  caqa::ScoredBytes s = caqa::score_bytes(slurp(argv[2]), slurp(argv[1]), {}, {argv[1], argv[2], argv[3], argv[4]});
  if (!s.file || s.file->blocked()) return 1;
  std::printf("%s\n", caqa::report_json(*s.file->report).c_str());
  return 0;
}
