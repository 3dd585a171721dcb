#include "caqa/label_normalize.h"

#include <array>
#include <utility>

namespace caqa {

namespace {
// Folded spellings (see fold_label_text). Sources: the CAQA paper's prompts
// (Supportive/Insufficient/Contradictory/Irrelevant), the CAQA authors' code
// (Support/Missing), AttrScore (Attributable/Extrapolatory/Contradictory).
constexpr std::array<std::pair<std::string_view, Label>, 27> kSpellings = {{
    {"supportive", Label::Supportive},
    {"support", Label::Supportive},
    {"supports", Label::Supportive},
    {"supported", Label::Supportive},
    {"attributable", Label::Supportive},
    {"fullysupportive", Label::Supportive},
    {"fullysupported", Label::Supportive},
    {"fullsupport", Label::Supportive},
    {"partiallysupportive", Label::PartiallySupportive},
    {"partiallysupported", Label::PartiallySupportive},
    {"partialsupport", Label::PartiallySupportive},
    {"partiallysupport", Label::PartiallySupportive},
    {"partial", Label::PartiallySupportive},
    {"insufficient", Label::PartiallySupportive},
    {"missing", Label::PartiallySupportive},
    {"contradictory", Label::Contradictory},
    {"contradiction", Label::Contradictory},
    {"contradict", Label::Contradictory},
    {"contradicts", Label::Contradictory},
    {"contradicted", Label::Contradictory},
    {"contradicting", Label::Contradictory},
    {"irrelevant", Label::Irrelevant},
    {"extrapolatory", Label::Irrelevant},
    {"unrelated", Label::Irrelevant},
    {"irrelevance", Label::Irrelevant},
    {"notrelevant", Label::Irrelevant},
    {"nonrelevant", Label::Irrelevant},
}};
}  // namespace

std::string fold_label_text(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    if (c == ' ' || c == '-' || c == '_' || c == '\t') continue;
    out.push_back((c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c);
  }
  return out;
}

std::optional<Label> normalize_label(std::string_view text) {
  if (auto exact = parse_label_exact(text)) return exact;  // the common case, no allocation
  std::string folded = fold_label_text(text);
  for (const auto& [spelling, label] : kSpellings)
    if (folded == spelling) return label;
  return std::nullopt;
}

}  // namespace caqa
