#include "caqa/meta/support_level.h"

#include <array>
#include <string>
#include <utility>

#include "caqa/label_normalize.h"

namespace caqa {

namespace {
// Folded spellings (fold_label_text) beyond the CAQA label vocabulary.
constexpr std::array<std::pair<std::string_view, SupportLevel>, 18> kSpellings = {{
    {"full", SupportLevel::Full},
    {"fs", SupportLevel::Full},
    {"2", SupportLevel::Full},
    {"fullsupport", SupportLevel::Full},
    {"fullysupports", SupportLevel::Full},
    {"partialsupport", SupportLevel::Partial},
    {"ps", SupportLevel::Partial},
    {"1", SupportLevel::Partial},
    {"partiallysupports", SupportLevel::Partial},
    {"no", SupportLevel::No},
    {"ns", SupportLevel::No},
    {"0", SupportLevel::No},
    {"nosupport", SupportLevel::No},
    {"none", SupportLevel::No},
    {"notsupported", SupportLevel::No},
    {"unsupported", SupportLevel::No},
    {"notsupportive", SupportLevel::No},
    {"nonsupportive", SupportLevel::No},
}};
}  // namespace

std::string_view support_level_name(SupportLevel level) {
  switch (level) {
    case SupportLevel::Full: return "full";
    case SupportLevel::Partial: return "partial";
    case SupportLevel::No: return "no";
  }
  return "no";
}

SupportLevel support_level_of(Label label) {
  switch (label) {
    case Label::Supportive: return SupportLevel::Full;
    case Label::PartiallySupportive: return SupportLevel::Partial;
    default: return SupportLevel::No;
  }
}

std::optional<SupportLevel> parse_support_level(std::string_view text) {
  std::string folded = fold_label_text(text);
  for (const auto& [spelling, level] : kSpellings)
    if (folded == spelling) return level;
  if (auto label = normalize_label(text)) return support_level_of(*label);
  return std::nullopt;
}

}  // namespace caqa
