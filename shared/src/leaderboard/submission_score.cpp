#include "caqa/leaderboard/submission_score.h"

namespace caqa::leaderboard {

ScoreRequest board_request() { return ScoreRequest{}; }

ScoredFile score_submission(const InputText& predictions, const std::string& name, const BoardBenchmark& b) {
  return score_file(b.test, predictions, board_request(), {name, b.test_name, b.version});
}

}  // namespace caqa::leaderboard
