#include <gtest/gtest.h>

#include "caqa/label_extract.h"

using caqa::ExtractMode;
using caqa::ExtractStatus;
using caqa::Label;

namespace {
caqa::Extraction lenient(std::string_view s) { return caqa::extract_label(s, ExtractMode::Lenient); }
caqa::Extraction strict(std::string_view s) { return caqa::extract_label(s, ExtractMode::Strict); }
void expect_found(caqa::Extraction e, Label l, std::string_view text) {
  EXPECT_EQ(e.status, ExtractStatus::Found) << text;
  EXPECT_EQ(e.label, l) << text;
}
}  // namespace

TEST(LabelExtract, PaperPromptReplies) {
  for (auto mode : {ExtractMode::Lenient, ExtractMode::Strict}) {
    expect_found(caqa::extract_label("Relationship Category: Supportive\nThe citation states...", mode),
                 Label::Supportive, "prefix");
    expect_found(caqa::extract_label("Response: Insufficient. The reference lacks the year.", mode),
                 Label::PartiallySupportive, "insufficient");
    expect_found(caqa::extract_label("**Contradictory**", mode), Label::Contradictory, "markdown");
    expect_found(caqa::extract_label("Extrapolatory", mode), Label::Irrelevant, "attrscore");
    expect_found(caqa::extract_label("Partially supportive - the reference lacks X", mode), Label::PartiallySupportive,
                 "two words");
  }
}

TEST(LabelExtract, LenientFindsCategoryInsideText) {
  expect_found(lenient("The citation is irrelevant to the answer."), Label::Irrelevant, "inside");
  EXPECT_EQ(strict("The citation is irrelevant to the answer.").status, ExtractStatus::NoCategory);
}

TEST(LabelExtract, NegationIsNotSupport) {
  // "not supportive" must never read as supportive.
  expect_found(lenient("The citation is not supportive; it is contradictory."), Label::Contradictory, "negated");
  expect_found(lenient("The reference does not support the answer, it is irrelevant."), Label::Irrelevant, "n't");
  expect_found(lenient("It doesn't support the claim. Irrelevant."), Label::Irrelevant, "doesn't");
  EXPECT_EQ(lenient("Not supportive.").status, ExtractStatus::NoCategory);
  expect_found(lenient("Supportive: nothing is missing."), Label::Supportive, "nothing is missing");
}

TEST(LabelExtract, ListingEveryCategoryIsUnparseable) {
  // The reference code's trap: a reply listing all categories contains the right one.
  for (auto s : {"Supportive, Insufficient, Contradictory or Irrelevant",
                 "It could be Supportive, Insufficient, Contradictory or Irrelevant; I cannot decide.",
                 "1. Supportive: ...\n2. Insufficient: ...\n3. Contradictory: ...\n4. Irrelevant: ..."}) {
    EXPECT_EQ(lenient(s).status, ExtractStatus::Ambiguous) << s;
    EXPECT_EQ(strict(s).status, ExtractStatus::Ambiguous) << s;
  }
}

TEST(LabelExtract, TwoCategoriesWithoutChoiceAreAmbiguous) {
  EXPECT_EQ(lenient("Supportive or insufficient?").status, ExtractStatus::Ambiguous);
  EXPECT_EQ(lenient("It seems contradictory but also irrelevant.").status, ExtractStatus::Ambiguous);
  // A later sentence may explain without undoing the choice.
  expect_found(lenient("The answer is contradictory. An irrelevant detail is the date."), Label::Contradictory,
               "later");
}

TEST(LabelExtract, NoCategory) {
  EXPECT_EQ(lenient("I am not sure.").status, ExtractStatus::NoCategory);
  EXPECT_EQ(lenient("").status, ExtractStatus::NoCategory);
  EXPECT_EQ(strict("   ").status, ExtractStatus::NoCategory);
}

TEST(LabelExtract, ModeNames) {
  EXPECT_EQ(caqa::parse_extract_mode("strict"), ExtractMode::Strict);
  EXPECT_EQ(caqa::parse_extract_mode(caqa::extract_mode_name(ExtractMode::Lenient)), ExtractMode::Lenient);
  EXPECT_FALSE(caqa::parse_extract_mode("fuzzy"));
}
