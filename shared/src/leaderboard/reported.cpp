#include "caqa/leaderboard/reported.h"

#include <fmt/format.h>

namespace caqa::leaderboard {

std::optional<ReportedTable> read_reported_table(std::string_view bytes, std::string& error) {
  std::optional<Json> j = parse_json(bytes, error);
  if (!j) return std::nullopt;
  auto entries = j->is_object() ? j->find("entries") : j->end();
  auto flag = j->is_object() ? j->find("flag") : j->end();
  if (entries == j->end() || !entries->is_array() || flag == j->end() || *flag != kReportedFlag) {
    error = fmt::format("expected an object with \"flag\": \"{}\" and an \"entries\" array", kReportedFlag);
    return std::nullopt;
  }
  return ReportedTable{std::move(*j)};
}

}  // namespace caqa::leaderboard
