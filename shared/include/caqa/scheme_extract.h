// A scheme's class read from free LLM text when the CAQA category words (label_extract.h)
// name none of its classes: "Not attributable: the reference ...", "Attributable.",
// "Unsupported", "No support". The scheme's own spellings (label_scheme.h) are looked for
// as runs of one to three words: lenient anywhere, earliest first, longest run first;
// strict only at the start. A run right after "not", "no" or "never" that does not take
// the negation in ("not attributable" is a spelling; "not" + "extrapolatory" is not) is
// skipped rather than read the wrong way round.
#pragma once

#include <optional>
#include <string_view>

#include "caqa/label_extract.h"
#include "caqa/vocab/label_scheme.h"

namespace caqa {

std::optional<ClassId> extract_scheme_class(std::string_view response, const LabelScheme& scheme, ExtractMode mode);

}  // namespace caqa
