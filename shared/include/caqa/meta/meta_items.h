// The items of the meta-evaluation track: one metric score and one human support level
// per statement-citation pair, with the group (query) it is ranked in.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "caqa/errors.h"
#include "caqa/gold_set.h"
#include "caqa/input_text.h"
#include "caqa/meta/support_level.h"
#include "caqa/prediction.h"
#include "caqa/validate.h"

namespace caqa {

struct MetaItems {
  std::vector<double> scores;
  std::vector<SupportLevel> levels;
  std::vector<std::uint32_t> groups;     // index into group_names
  std::vector<std::string> group_names;  // in order of first appearance
  std::string group_by;                  // what the groups are: "qid", "complexity", "group", "none"
  std::size_t without_score = 0;         // candidates left out for lack of a finite score
  std::size_t size() const { return scores.size(); }
};

// CAQA predictions with a "score": the level comes from the gold label; groups are the
// gold "qid" when every sample has one, else the complexity level. The predicted label
// is not used.
MetaItems meta_items_from_predictions(const PredictionSet& predictions, const GoldSet& gold,
                                      const Validation& validation);

// A pairs file: JSON Lines {"id", "level", "score", "group"?} or CSV with a header
// id,level,score[,group]. "qid" is accepted for "group". Numeric levels read by coding
// (support_level.h): with Unstated, levels all numeric and never 2 are an error.
struct MetaPairsRead {
  MetaItems items;
  Diagnostics diagnostics;
  std::size_t lines = 0;
};
MetaPairsRead read_meta_pairs(const InputText& text, std::size_t max_line_bytes = kDefaultMaxLineBytes,
                              LevelCoding coding = LevelCoding::Unstated);

}  // namespace caqa
