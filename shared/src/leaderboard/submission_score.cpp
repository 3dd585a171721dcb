#include "caqa/leaderboard/submission_score.h"

#include "caqa/metrics/confusion.h"
#include "caqa/prediction.h"
#include "caqa/validate.h"

namespace caqa::leaderboard {

ScoreOptions board_score_options() {
  ScoreOptions o;
  o.bootstrap = {1000, 13, 0.95};
  return o;
}

SubmissionScoring score_submission(const InputText& predictions, const std::string& name, const BoardBenchmark& b) {
  const ScoreOptions options = board_score_options();
  PredictionSet set = read_predictions(predictions, PredictionOptions{});
  Validation validation = validate(set, b.test, options.duplicates);
  SubmissionScoring out;
  out.diagnostics = validation.diagnostics;
  if (blocks_scoring(validation.diagnostics, options.duplicates)) return out;
  SubmissionScore s;
  s.report = score(set, b.test, validation, options, {name, b.test_name, b.version});
  s.outcomes.resize(b.test.size());
  for (std::uint32_t g = 0; g < b.test.size(); ++g) {
    std::uint32_t r = validation.row_of_gold[g];
    if (r == IdIndex::kAbsent) s.outcomes[g] = kMissingColumn;
    else if (set.rows[r].kind == PredictedKind::Label) s.outcomes[g] = static_cast<std::uint8_t>(index_of(set.rows[r].label));
    else s.outcomes[g] = kUnparseableColumn;
  }
  out.scored = std::move(s);
  return out;
}

}  // namespace caqa::leaderboard
