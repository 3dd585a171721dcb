// A benchmark's sub-facts as inputs for a four-way evaluator (issue 41; CAQA Appendix D.2):
// each (sample, sub-fact) pair becomes one sample whose answer is the sub-fact, with the
// sample's question and citation; the evaluator's label on it is folded back into the
// sample's judgments, supportive counting as True and every other label as False (the
// paper's rule for four-way evaluators).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "caqa/vocab/label_scheme.h"

namespace caqa::factscore {

struct SubFactInputs {
  std::string jsonl;                // one line per (sample, sub-fact): {"id": "<id>#<k>", ...}
  std::vector<std::string> ids;     // the samples with sub-facts, in file order
  std::vector<std::size_t> counts;  // their sub-fact counts
  std::size_t without = 0;          // samples without sub-facts (left out)
};

// nullopt with `error` set for a line that is no JSON object with a string "id".
// `marker`: the sub-fact cites the passage as answers do ("... [1]"), for evaluators trained
// on the benchmark's answers; without it the plain sentence (the D.2 prompt's "Fact:").
std::optional<SubFactInputs> sub_fact_inputs(std::string_view benchmark_jsonl, bool marker, std::string& error);

// The evaluator's prediction lines on SubFactInputs::jsonl as sub-fact judgment lines
// {"id": ..., "subfacts": [...]}: true where the line's class in `scheme` ("label", else read
// from "response" as caqa score reads it, lenient) is the scheme's first (supportive,
// attributable, full), else false, the paper's rule; with `scores`, the line's "score" (its
// probability of that class) instead. Lines may come in any order; a pair without a line
// is an error; a response that names no class is false and counted.
struct FoldedJudgments {
  std::string jsonl;
  std::size_t unread = 0;  // responses that named no class
};
std::optional<FoldedJudgments> fold_sub_fact_labels(std::string_view predictions_jsonl, const SubFactInputs& inputs,
                                                    const LabelScheme& scheme, bool scores, std::string& error);

}  // namespace caqa::factscore
