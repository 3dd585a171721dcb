// AFLite's outcome for the build's statistics.md (Markdown) and manifest.json (JSON).
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <string>

#include "caqa/hardening/aflite.h"

namespace caqa::hardening {

// "## Adversarial filtering" section: the summary sentence, the settings, one row per
// round, and removed / input per label x complexity (registry order).
std::string aflite_markdown(const AfliteResult& result, const AfliteOptions& options);

// {"input", "kept", "removed", "options": {...}, "rounds": [...], "removed_by_stratum": {label: {complexity: n}}}
nlohmann::ordered_json aflite_json(const AfliteResult& result, const AfliteOptions& options);

}  // namespace caqa::hardening
