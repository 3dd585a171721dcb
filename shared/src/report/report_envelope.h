// What every JSON report of the core shares (score, validate, compare, meta): the
// envelope keys in one order, undefined numbers as null, and a dump that replaces
// invalid UTF-8 (reports quote user input) instead of throwing.
#pragma once

#include <cmath>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "caqa/metrics/bootstrap.h"
#include "caqa/version.h"

namespace caqa::detail {

using ReportJson = nlohmann::ordered_json;

inline ReportJson report_envelope(std::string_view kind, int schema_version, const std::string& signature) {
  ReportJson j;
  j["report"] = kind;
  j["caqa_version"] = kVersion;
  j["schema_version"] = schema_version;
  j["signature"] = signature;
  return j;
}

inline std::string dump_report(const ReportJson& j) {
  return j.dump(2, ' ', false, ReportJson::error_handler_t::replace);
}
inline ReportJson number_or_null(double v) { return std::isfinite(v) ? ReportJson(v) : ReportJson(nullptr); }
// A confidence interval with the level it was computed at: {"level": 0.95, "low": .., "high": ..}.
inline ReportJson ci_json(const Interval& i, double level) {
  return ReportJson{{"level", level}, {"low", number_or_null(i.low)}, {"high", number_or_null(i.high)}};
}

}  // namespace caqa::detail
