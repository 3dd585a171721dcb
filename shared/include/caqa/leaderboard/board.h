// The board document, leaderboard/leaderboard.json (docs/leaderboard.md): every entry
// rescored, ranked with ranking.h from paired tests, each with its paired test against
// the entry listed above, plus what the site needs to draw it without re-deriving
// anything (labels, complexity columns in Table 5's order, the visitor-row rule).
// Deterministic: the same entries give the same bytes.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "caqa/leaderboard/reported.h"
#include "caqa/leaderboard/submission.h"
#include "caqa/leaderboard/submission_score.h"

namespace caqa::leaderboard {

inline constexpr int kBoardFormatVersion = 1;

struct BoardEntry {
  SubmissionMeta meta;
  bool baseline = false;  // badge "baseline", else "verified"
  ScoredFile scored;      // never blocked
};

// The JSON text of leaderboard.json (2-space indent, final newline).
std::string board_json(const std::vector<BoardEntry>& entries, const BoardBenchmark& b, const ReportedTable& reported);

enum class BoardFreshness { Current, Stale, Unreadable };

// Whether a published board was made with this scorer's signature and this gold.
BoardFreshness board_freshness(std::string_view board_bytes, const BoardBenchmark& b);

}  // namespace caqa::leaderboard
