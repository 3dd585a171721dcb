#include "caqa/meta/support_level.h"

#include "caqa/vocab/label_scheme.h"

namespace caqa {

namespace {
// The "support3" scheme lists full, partial, no: class 0 is the highest level.
SupportLevel level_of_class(ClassId c) { return static_cast<SupportLevel>(kSupportLevelCount - 1 - c); }
const LabelScheme& levels_scheme() { return *find_label_scheme("support3"); }
}  // namespace

std::string_view support_level_name(SupportLevel level) {
  return levels_scheme().class_name(static_cast<ClassId>(kSupportLevelCount - 1 - level_value(level)));
}

SupportLevel support_level_of(Label label) { return level_of_class(*levels_scheme().from_caqa_label(label)); }

std::optional<SupportLevel> parse_support_level(std::string_view text) {
  if (auto c = levels_scheme().parse_spelling(text)) return level_of_class(*c);
  return std::nullopt;
}

std::optional<LevelCoding> parse_level_coding(std::string_view text) {
  if (text == "012") return LevelCoding::Graded;
  if (text == "binary") return LevelCoding::Binary;
  return std::nullopt;
}

std::optional<int> numeric_level(std::string_view text) {
  if (text.size() != 1 || text[0] < '0' || text[0] > '2') return std::nullopt;
  return text[0] - '0';
}

std::optional<SupportLevel> parse_support_level(std::string_view text, LevelCoding coding) {
  auto number = numeric_level(text);
  if (coding != LevelCoding::Binary || !number) return parse_support_level(text);
  if (*number == 2) return std::nullopt;
  return *number == 1 ? SupportLevel::Full : SupportLevel::No;
}

}  // namespace caqa
