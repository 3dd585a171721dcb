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

std::optional<Label> parse_label_exact(std::string_view text) {
  for (Label l : kLabels)
    if (kLabelNames[index_of(l)] == text) return l;
  return std::nullopt;
}

std::string_view complexity_name(Complexity complexity) { return kComplexityNames[index_of(complexity)]; }

std::optional<Complexity> parse_complexity_exact(std::string_view text) {
  for (Complexity c : kComplexities)
    if (kComplexityNames[index_of(c)] == text) return c;
  return std::nullopt;
}

}  // namespace caqa
