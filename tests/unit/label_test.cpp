#include <gtest/gtest.h>

#include "caqa/complexity.h"
#include "caqa/label.h"
#include "caqa/vocab/label_scheme.h"

using caqa::Label;

namespace {
std::optional<Label> normalize_label(std::string_view text) {
  auto c = caqa::caqa_scheme().parse_spelling(text);
  return c ? std::optional<Label>(static_cast<Label>(*c)) : std::nullopt;
}
}  // namespace

TEST(Label, CanonicalNamesRoundTrip) {
  for (Label l : caqa::kLabels) EXPECT_EQ(caqa::parse_label_exact(caqa::label_name(l)), l);
  for (caqa::Complexity c : caqa::kComplexities) EXPECT_EQ(caqa::parse_complexity_exact(caqa::complexity_name(c)), c);
  EXPECT_FALSE(caqa::parse_label_exact("Supportive"));
  EXPECT_FALSE(caqa::parse_complexity_exact("Union"));
}

TEST(LabelNormalize, IgnoresCaseSpacesHyphensUnderscores) {
  EXPECT_EQ(normalize_label("Partially-Supportive"), Label::PartiallySupportive);
  EXPECT_EQ(normalize_label("partially supportive"), Label::PartiallySupportive);
  EXPECT_EQ(normalize_label("PARTIALLY_SUPPORTIVE"), Label::PartiallySupportive);
  EXPECT_EQ(normalize_label(" Supportive "), Label::Supportive);
}

TEST(LabelNormalize, AcceptsEvaluatorVocabularies) {
  // The paper's prompts, the CAQA authors' code and AttrScore.
  for (auto s : {"Supportive", "Support", "Attributable", "Fully supportive"})
    EXPECT_EQ(normalize_label(s), Label::Supportive) << s;
  for (auto s : {"Partially supportive", "Partial", "Insufficient", "Missing"})
    EXPECT_EQ(normalize_label(s), Label::PartiallySupportive) << s;
  for (auto s : {"Contradictory", "Contradiction", "Contradict"})
    EXPECT_EQ(normalize_label(s), Label::Contradictory) << s;
  for (auto s : {"Irrelevant", "Extrapolatory", "Unrelated"}) EXPECT_EQ(normalize_label(s), Label::Irrelevant) << s;
}

TEST(LabelNormalize, RejectsOtherWords) {
  for (auto s : {"", "maybe", "not supportive", "supportive!", "unsupported", "1", "true"})
    EXPECT_FALSE(normalize_label(s)) << s;
}

TEST(LabelScheme, SchemesAreDataOverOneVocabulary) {
  const auto* binary = caqa::find_label_scheme("binary");
  const auto* attrscore = caqa::find_label_scheme("attrscore");
  const auto* levels = caqa::find_label_scheme("levels");
  ASSERT_TRUE(binary && attrscore && levels);
  EXPECT_EQ(&caqa::caqa_scheme(), caqa::label_schemes().front());
  EXPECT_EQ(binary->size(), 2);
  EXPECT_EQ(attrscore->size(), 3);
  // A CAQA gold label or spelling carries over through from_caqa.
  EXPECT_EQ(binary->parse_exact("contradictory"), 1);
  EXPECT_EQ(binary->parse_spelling("Not supported"), 1);
  EXPECT_EQ(attrscore->parse_exact("extrapolatory"), 1);
  EXPECT_EQ(attrscore->parse_spelling("Irrelevant"), 1);
  EXPECT_EQ(attrscore->parse_spelling("Supportive"), 0);
  EXPECT_FALSE(attrscore->parse_exact("partially_supportive"));
  EXPECT_EQ(levels->parse_spelling("PS"), 1);
  EXPECT_EQ(levels->parse_spelling("0"), 2);
  EXPECT_EQ(attrscore->expected_list(), "attributable, extrapolatory or contradictory");
}
