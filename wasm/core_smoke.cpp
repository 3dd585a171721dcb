// Scores a tiny inline benchmark with the core compiled by em++; run with node.
#include <cstdio>
#include <string>

#include "caqa/gold_set.h"
#include "caqa/prediction.h"
#include "caqa/report.h"
#include "caqa/score.h"
#include "caqa/validate.h"

int main() {
  std::string gold =
      "{\"id\":\"a\",\"label\":\"supportive\",\"complexity\":\"single\"}\n"
      "{\"id\":\"b\",\"label\":\"irrelevant\",\"complexity\":\"union\"}\n";
  std::string predictions =
      "{\"id\":\"a\",\"response\":\"Relationship Category: Supportive\"}\n"
      "{\"id\":\"b\",\"label\":\"Extrapolatory\"}\n";
  caqa::GoldParse g = caqa::parse_gold(gold);
  caqa::PredictionSet p = caqa::read_predictions(predictions);
  caqa::Validation v = caqa::validate(p, g.gold);
  caqa::ScoreReport r = caqa::score(p, g.gold, v, {}, {"inline", "inline", ""});
  std::printf("%s", caqa::render_table({r}).c_str());
  return r.classification.micro_f1 == 1.0 ? 0 : 1;
}
