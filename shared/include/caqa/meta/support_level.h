// Human support levels of statement-citation pairs (Zhang et al., INLG 2024, section 3):
// full (FS), partial (PS) and no support (NS), coded 2, 1, 0 so that a higher metric
// score should mean a higher level. (The paper's section 3.2.1 writes FS, PS, NS -> 0, 1,
// 2; its intent, and section 3.2.3's relevance labels, are higher = more support.)
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "caqa/label.h"

namespace caqa {

enum class SupportLevel : std::uint8_t { No = 0, Partial = 1, Full = 2 };
inline constexpr int kSupportLevelCount = 3;

inline int level_value(SupportLevel level) { return static_cast<int>(level); }
std::string_view support_level_name(SupportLevel level);  // "full", "partial", "no"

// CAQA labels: supportive = full, partially supportive = partial, contradictory and irrelevant = no.
SupportLevel support_level_of(Label label);

// "full"/"FS"/"2"/"fully supported"/"supportive", "partial"/"PS"/"1", "no"/"NS"/"0"/"none"
// (case, spaces, hyphens and underscores ignored), or a CAQA label spelling.
std::optional<SupportLevel> parse_support_level(std::string_view text);

// What numeric levels in a pairs file mean (`caqa meta --levels`): 012 (2 full, 1
// partial, 0 no) or binary (1 full, 0 no, as in ALCE's attributable / not). Unstated
// reads 012 but refuses a file whose levels are all numeric and never 2: such a file
// is most likely binary, and reading its 1s as partial would change every number.
enum class LevelCoding : std::uint8_t { Unstated, Graded, Binary };
std::optional<LevelCoding> parse_level_coding(std::string_view text);  // "012" or "binary"

// A level written as a number ("2", "1", "0"), or nullopt for any other text.
std::optional<int> numeric_level(std::string_view text);
// The level of text under coding; nullopt when it is none (a 2 under binary).
std::optional<SupportLevel> parse_support_level(std::string_view text, LevelCoding coding);

}  // namespace caqa
