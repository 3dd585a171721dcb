// From an evaluator's own classes to a label scheme's (caqa eval --label-map): an NLI
// model's entailment / neutral / contradiction, a classifier's LABEL_1 / LABEL_0, a
// cross-encoder's single relevance score against --threshold. The probabilities of server
// classes that map to one scheme class add up; a scheme class nothing maps to gets 0.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "caqa/vocab/label_scheme.h"

namespace caqa::eval {

struct ClassMap {
  const LabelScheme* scheme = nullptr;
  std::vector<std::pair<std::string, ClassId>> entries;  // server class, lower-cased -> scheme class
  // One score per pair: score >= threshold is `positive`, else `negative`.
  double threshold = 0.5;
  ClassId positive = 0, negative = 0;
  std::optional<ClassId> find(std::string_view server_class) const;
};

// "entailment=supportive,neutral=irrelevant" (server names matched case-insensitively,
// scheme classes in any spelling the scheme accepts). For a single score, the keys
// "positive" and "negative" name the classes on either side of the threshold; they default
// to the scheme's first and last class. nullopt with the reason in `error`.
std::optional<ClassMap> parse_class_map(std::string_view spec, const LabelScheme& scheme, double threshold,
                                        std::string& error);

// What a pair classifier said of one pair: its classes' probabilities, or one score.
struct PairOutput {
  std::vector<std::pair<std::string, double>> classes;  // server class name -> probability
  std::optional<double> score;                          // a single-score model
  nlohmann::json raw;                                   // the server's JSON for this pair
};

// A pair's judgement in the scheme's classes.
struct SchemeJudgement {
  ClassId label = 0;
  std::vector<double> probs;  // by scheme class; empty when the score is not a probability
  double score = 0;           // the probability (or score) of the scheme's first class
};

// nullopt with the reason when the output names a class the map does not.
std::optional<SchemeJudgement> judge_pair(const ClassMap& map, const PairOutput& output, std::string& error);

}  // namespace caqa::eval
