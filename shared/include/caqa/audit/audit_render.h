// The audit report in three forms: the CLI's table, a Markdown section the build
// appends to statistics.md, and a JSON object the build puts in manifest.json under
// "audit". All deterministic for a report (same bytes twice).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "caqa/audit/audit.h"

namespace caqa::audit {

std::string render_text(const AuditReport& report);
std::string render_markdown(const AuditReport& report);
nlohmann::ordered_json to_json(const AuditReport& report);

}  // namespace caqa::audit
