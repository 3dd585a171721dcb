#include "caqa/label.h"

#include "caqa/complexity.h"

namespace caqa {

namespace {
constexpr std::array<std::string_view, kLabelCount> kLabelNames = {"supportive", "partially_supportive",
                                                                    "contradictory", "irrelevant"};
constexpr std::array<std::string_view, kComplexityCount> kComplexityNames = {"single", "union", "intersection",
                                                                             "concatenation"};
}  // namespace

std::string_view label_name(Label label) { return kLabelNames[index_of(label)]; }

// Labels and levels are parsed once per line of a million-line file: compare
// lengths first and bytes inline rather than calling memcmp.
template <std::size_t N>
std::optional<std::size_t> find_name(const std::array<std::string_view, N>& names, std::string_view text) {
  for (std::size_t i = 0; i < N; ++i) {
    if (names[i].size() != text.size()) continue;
    std::size_t k = 0;
    while (k < text.size() && names[i][k] == text[k]) ++k;
    if (k == text.size()) return i;
  }
  return std::nullopt;
}

std::optional<Label> parse_label_exact(std::string_view text) {
  if (auto i = find_name(kLabelNames, text)) return static_cast<Label>(*i);
  return std::nullopt;
}

std::string_view complexity_name(Complexity complexity) { return kComplexityNames[index_of(complexity)]; }

std::optional<Complexity> parse_complexity_exact(std::string_view text) {
  if (auto i = find_name(kComplexityNames, text)) return static_cast<Complexity>(*i);
  return std::nullopt;
}

}  // namespace caqa
