// Attribution complexity levels of the CAQA paper (section 3.2), in one order: the
// paper's Table 5 (Single, Concatenation, Intersection, Union). Every table, report and
// array over levels iterates kComplexities; the enum values only index arrays.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace caqa {

enum class Complexity : std::uint8_t { Single = 0, Union = 1, Intersection = 2, Concatenation = 3 };

inline constexpr int kComplexityCount = 4;
inline constexpr std::array<Complexity, kComplexityCount> kComplexities = {
    Complexity::Single, Complexity::Concatenation, Complexity::Intersection, Complexity::Union};

std::string_view complexity_name(Complexity complexity);   // "single", as in benchmark files
std::string_view complexity_title(Complexity complexity);  // "Concat.", a table header
std::optional<Complexity> parse_complexity_exact(std::string_view text);

inline int index_of(Complexity complexity) { return static_cast<int>(complexity); }

// Position in kComplexities (the print order).
inline int print_position(Complexity complexity) {
  for (int i = 0; i < kComplexityCount; ++i)
    if (kComplexities[i] == complexity) return i;
  return 0;
}

}  // namespace caqa
