// Reads the predicted category out of free LLM text (the "response" field).
//
// The rule (README "Label extraction"): drop markdown emphasis and an optional
// leading prefix ("Relationship Category:", "Response:", "Answer:", "Label:",
// "Category:", "Output:"), then look at the category words.
//  - strict: after the prefix, the response must start with one category phrase,
//    followed by nothing or by punctuation/newline and free explanation.
//  - lenient: the first category phrase anywhere in the text, unless a different
//    category also appears before the end of the first sentence (ambiguous), or the
//    phrase is negated ("not supportive"), in which case the next phrase is taken.
// A response that names two categories with no way to decide is unparseable.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "caqa/label.h"

namespace caqa {

enum class ExtractMode : std::uint8_t { Lenient, Strict };

std::string_view extract_mode_name(ExtractMode mode);
std::optional<ExtractMode> parse_extract_mode(std::string_view text);

enum class ExtractStatus : std::uint8_t { Found, NoCategory, Ambiguous };

struct Extraction {
  ExtractStatus status = ExtractStatus::NoCategory;
  Label label = Label::Supportive;  // meaningful only when status == Found
};

Extraction extract_label(std::string_view response, ExtractMode mode);

}  // namespace caqa
