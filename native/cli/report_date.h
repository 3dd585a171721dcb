// The date a report carries: today in UTC, or the day of SOURCE_DATE_EPOCH when it is set
// (reproducible-builds.org), so tests and archived runs can pin it.
#pragma once

#include <optional>
#include <string>

namespace caqa::cli {

// "2026-11-26"; nullopt (with error set) when SOURCE_DATE_EPOCH is set but not a
// non-negative integer number of seconds.
std::optional<std::string> report_date(std::string& error);

}  // namespace caqa::cli
