// The "## Text checks" section of statistics.md and the manifest's "text_checks": lint
// findings per rule and text (every build) and, for a rewritten build, the paper's
// Table 8 per task (full coverage / absent / hallucinated) with the texts that fell back.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "caqa/verbalize/text_stage.h"

namespace caqa::verbalize {

std::string text_checks_markdown(const TextCheckReport& report);
nlohmann::ordered_json text_checks_json(const TextCheckReport& report);

}  // namespace caqa::verbalize
