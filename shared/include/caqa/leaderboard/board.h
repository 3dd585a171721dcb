// The board document, leaderboard/leaderboard.json (docs/leaderboard.md): every entry
// rescored, ranked with ranking.h from paired tests, each with its paired test against
// the entry listed above, plus what the site needs to draw it without re-deriving
// anything (labels, complexity columns in Table 5's order, the visitor-row rule).
// Deterministic: the same entries give the same bytes.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "caqa/factscore/factscore_report.h"
#include "caqa/leaderboard/reported.h"
#include "caqa/leaderboard/submission.h"
#include "caqa/leaderboard/submission_score.h"

namespace caqa::leaderboard {

inline constexpr int kBoardFormatVersion = 1;

struct BoardEntry {
  SubmissionMeta meta;
  bool baseline = false;  // badge "baseline", else "verified"
  ScoredFile scored;      // never blocked
  // Its sub-fact judgments scored (subfacts.jsonl, issue 41), when it submitted them.
  std::optional<factscore::FactScoreReport> factscore;
};

// The JSON text of leaderboard.json (2-space indent, final newline).
// `reported_factscore`: the paper's Table 6 as transcribed, when there is one.
std::string board_json(const std::vector<BoardEntry>& entries, const BoardBenchmark& b, const ReportedTable& reported,
                       const ReportedTable* reported_factscore = nullptr);

enum class BoardFreshness { Current, Stale, Unreadable };

// Whether a published board was made with this scorer's signature and this gold.
BoardFreshness board_freshness(std::string_view board_bytes, const BoardBenchmark& b);

}  // namespace caqa::leaderboard
