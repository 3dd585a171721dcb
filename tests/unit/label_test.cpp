#include <gtest/gtest.h>

#include "caqa/complexity.h"
#include "caqa/label.h"
#include "caqa/label_normalize.h"

using caqa::Label;

TEST(Label, CanonicalNamesRoundTrip) {
  for (Label l : caqa::kLabels) EXPECT_EQ(caqa::parse_label_exact(caqa::label_name(l)), l);
  for (caqa::Complexity c : caqa::kComplexities) EXPECT_EQ(caqa::parse_complexity_exact(caqa::complexity_name(c)), c);
  EXPECT_FALSE(caqa::parse_label_exact("Supportive"));
  EXPECT_FALSE(caqa::parse_complexity_exact("Union"));
}

TEST(LabelNormalize, IgnoresCaseSpacesHyphensUnderscores) {
  EXPECT_EQ(caqa::normalize_label("Partially-Supportive"), Label::PartiallySupportive);
  EXPECT_EQ(caqa::normalize_label("partially supportive"), Label::PartiallySupportive);
  EXPECT_EQ(caqa::normalize_label("PARTIALLY_SUPPORTIVE"), Label::PartiallySupportive);
  EXPECT_EQ(caqa::normalize_label(" Supportive "), Label::Supportive);
}

TEST(LabelNormalize, AcceptsEvaluatorVocabularies) {
  // The paper's prompts, the CAQA authors' code and AttrScore.
  for (auto s : {"Supportive", "Support", "Attributable", "Fully supportive"})
    EXPECT_EQ(caqa::normalize_label(s), Label::Supportive) << s;
  for (auto s : {"Partially supportive", "Partial", "Insufficient", "Missing"})
    EXPECT_EQ(caqa::normalize_label(s), Label::PartiallySupportive) << s;
  for (auto s : {"Contradictory", "Contradiction", "Contradict"})
    EXPECT_EQ(caqa::normalize_label(s), Label::Contradictory) << s;
  for (auto s : {"Irrelevant", "Extrapolatory", "Unrelated"}) EXPECT_EQ(caqa::normalize_label(s), Label::Irrelevant) << s;
}

TEST(LabelNormalize, RejectsOtherWords) {
  for (auto s : {"", "maybe", "not supportive", "supportive!", "unsupported", "1", "true"})
    EXPECT_FALSE(caqa::normalize_label(s)) << s;
}
