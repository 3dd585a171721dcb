#include "caqa/label.h"

#include "caqa/complexity.h"
#include "caqa/vocab/label_scheme.h"

namespace caqa {

namespace {
constexpr std::array<std::string_view, kComplexityCount> kComplexityNames = {
    "single", "union", "intersection", "concatenation", "comparison", "negation"};
constexpr std::array<std::string_view, kComplexityCount> kComplexityTitles = {"Single",  "Union",   "Inter.",
                                                                              "Concat.", "Compar.", "Negat."};
}  // namespace

std::string_view label_name(Label label) { return caqa_scheme().class_name(static_cast<ClassId>(index_of(label))); }

std::optional<Label> parse_label_exact(std::string_view text) {
  const auto& names = caqa_scheme().classes;
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i].size() == text.size() && names[i] == text) return static_cast<Label>(i);
  return std::nullopt;
}

std::string_view complexity_name(Complexity complexity) { return kComplexityNames[index_of(complexity)]; }
std::string_view complexity_title(Complexity complexity) { return kComplexityTitles[index_of(complexity)]; }

std::optional<Complexity> parse_complexity_exact(std::string_view text) {
  for (std::size_t i = 0; i < kComplexityNames.size(); ++i)
    if (kComplexityNames[i].size() == text.size() && kComplexityNames[i] == text) return static_cast<Complexity>(i);
  return std::nullopt;
}

}  // namespace caqa
