// Attribution complexity levels of the CAQA paper (section 3.2).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace caqa {

enum class Complexity : std::uint8_t { Single = 0, Union = 1, Intersection = 2, Concatenation = 3 };

inline constexpr int kComplexityCount = 4;
inline constexpr std::array<Complexity, kComplexityCount> kComplexities = {
    Complexity::Single, Complexity::Union, Complexity::Intersection, Complexity::Concatenation};

std::string_view complexity_name(Complexity complexity);
std::optional<Complexity> parse_complexity_exact(std::string_view text);

inline int index_of(Complexity complexity) { return static_cast<int>(complexity); }

}  // namespace caqa
