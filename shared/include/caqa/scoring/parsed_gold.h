// A gold file kept parsed between calls: the browser scores one visitor file after
// another against the same gold, so it parses the gold once per page, and again only
// when a request reads it another way (scheme, split, --group-by, line limit).
#pragma once

#include <optional>

#include "caqa/gold_set.h"
#include "caqa/input_text.h"
#include "caqa/score.h"

namespace caqa {

class ParsedGold {
 public:
  // text's bytes must outlive this object (InputText may borrow them).
  explicit ParsedGold(InputText text) : text_(std::move(text)) {}

  // The gold as request reads it (request.gold_options()), parsed on first use.
  const GoldParse& read(const ScoreRequest& request);

 private:
  InputText text_;
  std::optional<GoldOptions> options_;  // those parse_ was read with
  GoldParse parse_;
};

}  // namespace caqa
