// Maps the spellings that evaluators use to a Label. Matching ignores case,
// spaces, hyphens and underscores: "Partially-Supportive" == "partially_supportive".
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "caqa/label.h"

namespace caqa {

// Squeezes out case, spaces, hyphens and underscores: "Fully supportive" -> "fullysupportive".
std::string fold_label_text(std::string_view text);

// A whole label value (the "label" field of a prediction) in any accepted spelling.
std::optional<Label> normalize_label(std::string_view text);

}  // namespace caqa
