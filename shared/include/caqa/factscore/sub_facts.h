// The FActScore track's inputs (issue 41; CAQA section 6.3, Table 6, Appendix D.2): the
// gold sub-facts of each sample, and an evaluator's judgments of them.
//  - Gold: a benchmark line's "subfacts", [{"fact": "...", "verdict": "supported"}, ...]
//    (verdicts supported, unsupported, contradicted), or the compact gold's
//    ["supported", "unsupported", ...] (caqa export-gold). A sample's gold FActScore is its
//    supported sub-facts over the sub-facts its answer claims.
//  - Predictions: one line per sample, {"id", "subfacts": [true, false, ...]} in the gold's
//    order (booleans, or probabilities of True in [0, 1]), or a bare {"id", "factscore": x}
//    where the judgments are absent.
// Readers take bytes and return values with line-and-column diagnostics; they never do I/O.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "caqa/errors.h"
#include "caqa/gold_set.h"
#include "caqa/input_text.h"

namespace caqa::factscore {

struct SubFactGold {
  // Per gold sample (GoldSet order): whether the citation supports each sub-fact; empty
  // where the line has no "subfacts".
  std::vector<std::vector<bool>> supported;
  std::size_t samples_with_sub_facts = 0;
};

struct SubFactGoldRead {
  SubFactGold gold;
  Diagnostics diagnostics;
};

// `text` is the file the GoldSet was read from (lines of other splits are passed over).
SubFactGoldRead read_sub_fact_gold(const InputText& text, const GoldSet& gold, std::size_t max_line_bytes);

struct SubFactJudgments {
  bool present = false;
  std::vector<double> judgments;    // 1/0 for true/false, else the probability of True
  std::optional<double> factscore;  // a bare "factscore", when the line has no judgments
  // The sample's predicted FActScore: the judgments' mean, else the bare value.
  double score() const;
};

struct SubFactPredictions {
  std::vector<SubFactJudgments> by_gold;     // per gold sample
  std::size_t lines = 0;                     // non-blank lines read
  std::size_t missing = 0;                   // gold samples with sub-facts and no valid line
  std::vector<std::uint32_t> first_missing;  // up to three of them, gold indices
  Diagnostics diagnostics;
};

SubFactPredictions read_sub_fact_predictions(const InputText& text, const GoldSet& gold, const SubFactGold& sub_facts,
                                             std::size_t max_line_bytes);

}  // namespace caqa::factscore
