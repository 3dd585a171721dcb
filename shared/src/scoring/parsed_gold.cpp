#include "caqa/scoring/parsed_gold.h"

namespace caqa {

const GoldParse& ParsedGold::read(const ScoreRequest& request) {
  GoldOptions options = request.gold_options();
  if (options_ != options) {
    parse_ = parse_gold(text_, options);
    options_ = std::move(options);
  }
  return parse_;
}

}  // namespace caqa
