#include "report_date.h"

#include <charconv>
#include <cstdlib>
#include <ctime>
#include <string_view>

#include <fmt/format.h>

namespace caqa::cli {

std::optional<std::string> report_date(std::string& error) {
  std::time_t when = std::time(nullptr);
  if (const char* pinned = std::getenv("SOURCE_DATE_EPOCH")) {
    const std::string_view text(pinned);
    long long seconds = -1;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), seconds);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size() || seconds < 0) {
      error = fmt::format("SOURCE_DATE_EPOCH is \"{}\", expected a non-negative integer (seconds since 1970)", text);
      return std::nullopt;
    }
    when = static_cast<std::time_t>(seconds);
  }
  std::tm utc{};
  if (!gmtime_r(&when, &utc)) {
    error = "the report date is out of range";
    return std::nullopt;
  }
  return fmt::format("{:04}-{:02}-{:02}", utc.tm_year + 1900, utc.tm_mon + 1, utc.tm_mday);
}

}  // namespace caqa::cli
