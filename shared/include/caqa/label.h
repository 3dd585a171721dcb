// Attribution categories of the CAQA paper (section 3.1): the typed labels of the
// benchmark builder and the baselines. Their names and spellings are the "caqa" label
// scheme (caqa/vocab/label_scheme.h), which scoring uses for every scheme alike.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace caqa {

enum class Label : std::uint8_t { Supportive = 0, PartiallySupportive = 1, Contradictory = 2, Irrelevant = 3 };

inline constexpr int kLabelCount = 4;
inline constexpr std::array<Label, kLabelCount> kLabels = {Label::Supportive, Label::PartiallySupportive,
                                                           Label::Contradictory, Label::Irrelevant};

// Canonical spelling, as written in benchmark files and reports.
std::string_view label_name(Label label);

// Exact canonical spelling only (gold files, strict mode).
std::optional<Label> parse_label_exact(std::string_view text);

inline int index_of(Label label) { return static_cast<int>(label); }

}  // namespace caqa
