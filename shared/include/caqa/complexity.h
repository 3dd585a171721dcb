// Attribution complexity levels, in one order: the CAQA paper's four (section 3.2) as its
// Table 5 prints them (Single, Concatenation, Intersection, Union), then the two kinds of
// reasoning the paper leaves out (issue 42): comparison ("Which came out first, A or B?")
// and negation ("Was A born in X?" / "No, ..."). Every table, report and array over levels
// iterates kComplexities; the enum values only index arrays. A table shows the paper's
// four always and a later level only where there are samples of it (shown_level), so
// files of the paper's four read as they did before the later levels existed.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace caqa {

enum class Complexity : std::uint8_t {
  Single = 0,
  Union = 1,
  Intersection = 2,
  Concatenation = 3,
  Comparison = 4,
  Negation = 5
};

inline constexpr int kComplexityCount = 6;
inline constexpr std::array<Complexity, kComplexityCount> kComplexities = {
    Complexity::Single, Complexity::Concatenation, Complexity::Intersection,
    Complexity::Union,  Complexity::Comparison,    Complexity::Negation};
// The paper's four: the first kPaperComplexityCount of kComplexities.
inline constexpr int kPaperComplexityCount = 4;

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

inline bool is_paper_level(Complexity complexity) { return print_position(complexity) < kPaperComplexityCount; }

// Whether a table over levels has a column or row for `complexity`, given how many samples
// of it there are: the paper's four always, a later level only when it has samples.
inline bool shown_level(Complexity complexity, std::uint64_t samples) {
  return is_paper_level(complexity) || samples > 0;
}

// The levels a table shows, in print order, given the samples of each (indexed by index_of).
template <class Counts>
std::vector<Complexity> shown_levels(const Counts& samples) {
  std::vector<Complexity> out;
  for (Complexity c : kComplexities)
    if (shown_level(c, static_cast<std::uint64_t>(samples[static_cast<std::size_t>(index_of(c))]))) out.push_back(c);
  return out;
}

}  // namespace caqa
