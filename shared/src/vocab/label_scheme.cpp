#include "caqa/vocab/label_scheme.h"

#include <algorithm>

#include <fmt/format.h>

#include "caqa/same_bytes.h"
#include "caqa/text.h"

namespace caqa {

namespace {

// Folded spellings of the CAQA categories. Sources: the CAQA paper's prompts
// (Supportive/Insufficient/Contradictory/Irrelevant), the CAQA authors' code
// (Support/Missing), AttrScore (Attributable/Extrapolatory/Contradictory).
const std::vector<LabelSpelling> kCaqaSpellings = {
    {"support", 0},
    {"supports", 0},
    {"supported", 0},
    {"attributable", 0},
    {"fullysupportive", 0},
    {"fullysupported", 0},
    {"fullsupport", 0},
    {"partiallysupportive", 1},
    {"partiallysupported", 1},
    {"partialsupport", 1},
    {"partiallysupport", 1},
    {"partial", 1},
    {"insufficient", 1},
    {"missing", 1},
    {"contradiction", 2},
    {"contradict", 2},
    {"contradicts", 2},
    {"contradicted", 2},
    {"contradicting", 2},
    {"extrapolatory", 3},
    {"unrelated", 3},
    {"irrelevance", 3},
    {"notrelevant", 3},
    {"nonrelevant", 3},
};

const LabelScheme kCaqa{
    "caqa4",
    {"caqa"},
    "the four CAQA categories (default; gold may use the CAQA authors' Support/Missing/Contradictory/Irrelevant)",
    {"supportive", "partially_supportive", "contradictory", "irrelevant"},
    {"Sup.", "Par.", "Con.", "Irr."},
    kCaqaSpellings,
    {0, 1, 2, 3},
};

// Two-way attribution (AutoAIS, AttributionBench): attributable vs. not attributable.
// AutoAIS-style 1/0, true/false, and the older class names supportive/rest read as them;
// a CAQA gold file scores directly (supportive is attributable, the other three
// categories are not). AttrScore's labels fold as documented in docs/scoring.md:
// attributable is attributable, extrapolatory and contradictory are not (through their
// CAQA categories).
const LabelScheme kBinary{
    "binary",
    {},
    "attributable vs. not attributable (AutoAIS, AttributionBench); 1/0 accepted; a CAQA gold file scores "
    "directly (supportive = attributable)",
    {"attributable", "not_attributable"},
    {"Att.", "Not att."},
    {{"1", 0},
     {"true", 0},
     {"yes", 0},
     {"0", 1},
     {"false", 1},
     {"no", 1},
     {"rest", 1},
     {"notsupportive", 1},
     {"nonsupportive", 1},
     {"unsupported", 1},
     {"notsupported", 1},
     {"nonattributable", 1},
     {"unattributable", 1},
     {"unsupportive", 1}},
    {0, 1, 1, 1},
};

// AttrScore (Yue et al., 2023): no partial class; the CAQA authors map
// Attributable = Support, Extrapolatory = Irrelevant.
const LabelScheme kAttrScore{
    "attrscore",
    {},
    "AttrScore's attributable / extrapolatory / contradictory",
    {"attributable", "extrapolatory", "contradictory"},
    {"Att.", "Ext.", "Con."},
    {},
    {0, kNoClass, 2, 1},
};

// Three support levels: the human judgments of statement-citation pairs (Zhang et al.,
// INLG 2024, paper 004: FS/PS/NS, 2/1/0) and WiCE's supported / partially_supported /
// not_supported (the first two through the CAQA spellings).
const LabelScheme kSupportLevels{
    "support3",
    {"levels"},
    "support levels full / partial / no (paper-004 FS/PS/NS and 2/1/0; WiCE "
    "supported/partially_supported/not_supported)",
    {"full", "partial", "no"},
    {"Full", "Part.", "No"},
    {{"fs", 0},
     {"2", 0},
     {"fullsupport", 0},
     {"fullysupports", 0},
     {"ps", 1},
     {"1", 1},
     {"partiallysupports", 1},
     {"ns", 2},
     {"0", 2},
     {"nosupport", 2},
     {"none", 2},
     {"notsupported", 2},
     {"unsupported", 2},
     {"notsupportive", 2},
     {"nonsupportive", 2},
     {"notattributable", 2},
     {"nonattributable", 2}},
    {0, 1, 2, 2},
};

// Labels are parsed once per line of a million-line file.
std::optional<ClassId> find_exact(const std::vector<std::string_view>& names, std::string_view text) {
  for (std::size_t i = 0; i < names.size(); ++i)
    if (same_bytes(names[i], text)) return static_cast<ClassId>(i);
  return std::nullopt;
}

std::optional<ClassId> find_folded(const std::vector<LabelSpelling>& spellings, std::string_view folded) {
  for (const auto& s : spellings)
    if (s.folded == folded) return s.cls;
  return std::nullopt;
}

}  // namespace

std::string fold_label_text(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text)
    if (c != ' ' && c != '-' && c != '_' && c != '\t') out.push_back(c);
  return ascii_lower(out);
}

std::optional<ClassId> LabelScheme::from_caqa_label(Label label) const {
  ClassId c = from_caqa[index_of(label)];
  return c == kNoClass ? std::nullopt : std::optional<ClassId>(c);
}

std::optional<ClassId> LabelScheme::parse_exact(std::string_view text) const {
  if (auto c = find_exact(classes, text)) return c;
  if (auto l = find_exact(kCaqa.classes, text)) return from_caqa_label(static_cast<Label>(*l));
  return std::nullopt;
}

std::optional<ClassId> LabelScheme::parse_spelling(std::string_view text) const {
  if (auto c = parse_exact(text)) return c;  // the common case, no allocation
  std::string folded = fold_label_text(text);
  for (std::size_t i = 0; i < classes.size(); ++i)
    if (fold_label_text(classes[i]) == folded) return static_cast<ClassId>(i);
  if (auto c = find_folded(spellings, folded)) return c;
  if (auto l = find_folded(kCaqaSpellings, folded)) return from_caqa_label(static_cast<Label>(*l));
  for (std::size_t i = 0; i < kCaqa.classes.size(); ++i)
    if (fold_label_text(kCaqa.classes[i]) == folded) return from_caqa_label(static_cast<Label>(i));
  return std::nullopt;
}

std::string LabelScheme::expected_list() const {
  std::string out;
  for (std::size_t i = 0; i < classes.size(); ++i)
    out += fmt::format("{}{}", i == 0 ? "" : i + 1 == classes.size() ? " or " : ", ", classes[i]);
  return out;
}

const std::vector<const LabelScheme*>& label_schemes() {
  static const std::vector<const LabelScheme*> all = {&kCaqa, &kBinary, &kAttrScore, &kSupportLevels};
  return all;
}

const LabelScheme& caqa_scheme() { return kCaqa; }

bool LabelScheme::answers_to(std::string_view text) const {
  return name == text || std::find(aliases.begin(), aliases.end(), text) != aliases.end();
}

const LabelScheme* find_label_scheme(std::string_view name) {
  for (const LabelScheme* s : label_schemes())
    if (s->answers_to(name)) return s;
  return nullptr;
}

std::string label_scheme_names() {
  std::string out;
  const auto& all = label_schemes();
  for (std::size_t i = 0; i < all.size(); ++i)
    out += fmt::format("{}{}", i == 0 ? "" : i + 1 == all.size() ? " or " : ", ", all[i]->name);
  return out;
}

}  // namespace caqa
