// Scoring one leaderboard entry (a submission or a computed baseline) with the
// defaults of `caqa score` through the same pipeline: a file is refused exactly when
// `caqa score` refuses it (scoring/policy.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "caqa/errors.h"
#include "caqa/factscore/sub_facts.h"
#include "caqa/gold_set.h"
#include "caqa/input_text.h"
#include "caqa/scoring/pipeline.h"

namespace caqa::leaderboard {

// The benchmark the board is scored on: the default benchmark's splits and version.
struct BoardBenchmark {
  GoldSet test, train;
  std::string test_name = "benchmark/test.jsonl";
  std::string version;  // SHA-256 of test.jsonl
  // Which part of the test split `test` is (sealed_split.h): "ranked" for the board,
  // "test" when the whole split is scored; public_n: the public split's size.
  std::string part = "test";
  std::size_t public_n = 0;
  // The sealed gold's sub-fact verdicts (caqa factscore, issue 41); empty where unknown
  // (check reads no labels).
  factscore::SubFactGold sub_facts;
};

// The request of every board entry: the defaults of caqa score.
ScoreRequest board_request();

// The core's pipeline (scoring/pipeline.h) on one entry; name: the file as reports show it.
ScoredFile score_submission(const InputText& predictions, const std::string& name, const BoardBenchmark& b);

}  // namespace caqa::leaderboard
