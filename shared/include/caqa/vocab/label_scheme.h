// Label schemes: the classes an evaluator chooses among, as data. A scheme names its
// classes (their order is the order of every table and array), the spellings a
// prediction may use, and the class of each CAQA category, so that free-text
// extraction, CAQA spellings and CAQA gold files carry over. The four CAQA labels,
// supportive-vs-rest, AttrScore's three classes and the meta track's support levels
// are entries of one table (label_scheme.cpp); no scheme has a code path of its own.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "caqa/label.h"

namespace caqa {

using ClassId = std::uint8_t;
inline constexpr ClassId kNoClass = 0xff;

struct LabelSpelling {
  std::string_view folded;  // fold_label_text form: lower case, no spaces, hyphens or underscores
  ClassId cls;
};

struct LabelScheme {
  std::string_view name;                       // --scheme value, a gold line's "scheme"
  std::vector<std::string_view> aliases;       // older names still accepted by --scheme and gold
  std::string_view description;                // --help text
  std::vector<std::string_view> classes;       // canonical names
  std::vector<std::string_view> short_names;   // table headers
  std::vector<LabelSpelling> spellings;        // beyond the canonical names and the CAQA spellings
  std::array<ClassId, kLabelCount> from_caqa;  // class of each CAQA category, kNoClass when none

  int size() const { return static_cast<int>(classes.size()); }
  std::string_view class_name(ClassId c) const { return classes[c]; }
  // A canonical name, or a CAQA canonical name that maps to a class (gold files, strict mode).
  std::optional<ClassId> parse_exact(std::string_view text) const;
  // Any accepted spelling of a prediction's "label" (case, spaces, hyphens, underscores ignored).
  std::optional<ClassId> parse_spelling(std::string_view text) const;
  // A gold "label": the canonical name fast, else any listed spelling (the CAQA authors'
  // Support/Missing/..., binary 1/0 and "not attributable", WiCE's supported/...). The
  // spellings are an explicit table, so a gold file is never guessed at.
  std::optional<ClassId> parse_gold(std::string_view text) const { return parse_spelling(text); }
  // The name or one of its aliases.
  bool answers_to(std::string_view name) const;
  // The class of a CAQA category read from free text, if the scheme has one.
  std::optional<ClassId> from_caqa_label(Label label) const;
  // "supportive, partially_supportive, contradictory or irrelevant"
  std::string expected_list() const;
};

// The schemes in --help order; the first is the default. Names and aliases are unique.
const std::vector<const LabelScheme*>& label_schemes();
const LabelScheme& caqa_scheme();
// By name or alias ("caqa" finds caqa4, "levels" support3); nullptr when unknown.
const LabelScheme* find_label_scheme(std::string_view name);
// "caqa4, binary, attrscore or support3", for messages.
std::string label_scheme_names();

// Squeezes out case, spaces, hyphens and underscores: "Fully supportive" -> "fullysupportive".
std::string fold_label_text(std::string_view text);

}  // namespace caqa
