// Small builders shared by the unit tests.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "caqa/gold_set.h"
#include "caqa/prediction.h"
#include "caqa/score.h"
#include "caqa/validate.h"

namespace caqa::test {

inline std::string gold_line(const std::string& id, const std::string& label, const std::string& complexity) {
  return "{\"id\":\"" + id + "\",\"label\":\"" + label + "\",\"complexity\":\"" + complexity + "\"}\n";
}

// The 18-item edge fixture of ../shared/tools/ORACLE.md, inline so the test needs no files.
inline std::string edge_gold() {
  return gold_line("e01", "supportive", "single") + gold_line("e02", "partially_supportive", "single") +
         gold_line("e03", "irrelevant", "single") + gold_line("e04", "supportive", "union") +
         gold_line("e05", "partially_supportive", "union") + gold_line("e06", "irrelevant", "intersection") +
         gold_line("e07", "irrelevant", "intersection") + gold_line("e08", "irrelevant", "concatenation") +
         gold_line("e09", "supportive", "concatenation") + gold_line("e10", "supportive", "single") +
         gold_line("e11", "irrelevant", "single") + gold_line("e12", "partially_supportive", "concatenation") +
         gold_line("e13", "irrelevant", "concatenation") + gold_line("e14", "supportive", "intersection") +
         gold_line("e15", "irrelevant", "union") + gold_line("e16", "partially_supportive", "single") +
         gold_line("e17", "partially_supportive", "single") + gold_line("e18", "supportive", "concatenation");
}

inline std::string edge_predictions() {
  return R"({"id":"e01","label":"supportive","score":0.9}
{"id":"e02","label":"supportive","score":0.9}
{"id":"e03","label":"partially_supportive","score":0.5}
{"id":"e05","label":"partially_supportive","score":0.6}
{"id":"e06","label":"contradictory","score":0.2}
{"id":"e07","label":"Supportive","score":0.7}
{"id":"e08","label":"partially_supportive","score":0.2}
{"id":"e09","label":"supportive","score":1}
{"id":"e10","label":"supportive","score":0.8}
{"id":"e11","label":"supportive","score":0.8}
{"id":"e12","label":"partially_supportive","score":null}
{"id":"e13","label":"contradictory","score":0.1}
{"id":"e15","label":"contradictory","score":0.1}
{"id":"e16","label":"partially_supportive","score":0.55}
{"id":"e17","label":"partially_supportive","score":0.1}
{"id":"e18","label":"supportive","score":0.05}
{"id":"x99","label":"supportive","score":0.3}
)";
}

// (code, line) of each diagnostic, in order.
inline std::vector<std::pair<ErrorCode, std::uint32_t>> codes(const Diagnostics& d) {
  std::vector<std::pair<ErrorCode, std::uint32_t>> out;
  for (const auto& item : d.items) out.emplace_back(item.code, item.line);
  return out;
}

struct Scored {
  GoldSet gold;
  PredictionSet predictions;
  Validation validation;
  ScoreReport report;
};

inline Scored score_texts(const std::string& gold_text, const std::string& prediction_text, ScoreRequest options = {},
                          PredictionOptions prediction_options = {}) {
  Scored s;
  s.gold = parse_gold(gold_text).gold;
  prediction_options.extract = options.extract;
  s.predictions = read_predictions(prediction_text, prediction_options);
  s.validation = validate(s.predictions, s.gold, options.duplicates);
  s.report = score(s.predictions, s.gold, s.validation, options, {"pred", "gold", "sha"});
  return s;
}

}  // namespace caqa::test
