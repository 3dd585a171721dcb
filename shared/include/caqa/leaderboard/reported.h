// The CAQA paper's Table 5 as transcribed in leaderboard/reported/caqa_table5.json:
// shown beside the board, never rescored or ranked (it was measured on another benchmark).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "caqa/leaderboard/json_schema.h"

namespace caqa::leaderboard {

inline constexpr const char* kReportedFlag = "reported, not rescored, on the paper's own benchmark";

struct ReportedTable {
  Json document;  // as written, copied into the board's "reported"
};

// nullopt with error set when bytes are not an object with the flag and an "entries" array.
std::optional<ReportedTable> read_reported_table(std::string_view bytes, std::string& error);

}  // namespace caqa::leaderboard
