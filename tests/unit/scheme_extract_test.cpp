// Free-text replies read through a scheme's own spellings (caqa/scheme_extract.h): the
// replies of the binary, AttrScore and three-level prompt sets (data/prompts/).
#include <gtest/gtest.h>

#include "caqa/scheme_extract.h"

namespace {

using caqa::extract_scheme_class;
using caqa::ExtractMode;
using caqa::find_label_scheme;

TEST(SchemeExtract, BinaryRepliesAsJudgesWriteThem) {
  const auto& binary = *find_label_scheme("binary");
  auto lenient = [&](std::string_view r) { return extract_scheme_class(r, binary, ExtractMode::Lenient); };
  EXPECT_EQ(lenient("Not attributable: the reference does not mention it."), 1);
  EXPECT_EQ(lenient("Attributable."), 0);
  EXPECT_EQ(lenient("Attributable: yes"), 0);
  EXPECT_EQ(lenient("Unsupported"), 1);
  EXPECT_EQ(lenient("Answer: Supportive"), 0);
  EXPECT_EQ(lenient("The claim is not attributable to the reference."), 1);
  EXPECT_EQ(lenient("I cannot tell."), std::nullopt);
  EXPECT_EQ(extract_scheme_class("The claim is attributable.", binary, ExtractMode::Strict), std::nullopt)
      << "strict: the label opens the reply";
  EXPECT_EQ(extract_scheme_class("Response: Not attributable", binary, ExtractMode::Strict), 1);
}

TEST(SchemeExtract, NegationIsNeverReadTheWrongWayRound) {
  const auto& attrscore = *find_label_scheme("attrscore");
  EXPECT_EQ(extract_scheme_class("Extrapolatory: the date is missing", attrscore, ExtractMode::Lenient), 1);
  EXPECT_EQ(extract_scheme_class("It is not extrapolatory but contradictory", attrscore, ExtractMode::Lenient), 2)
      << "'not extrapolatory' is skipped, the next label read";
}

TEST(SchemeExtract, SupportLevels) {
  const auto& support3 = *find_label_scheme("support3");
  auto lenient = [&](std::string_view r) { return extract_scheme_class(r, support3, ExtractMode::Lenient); };
  EXPECT_EQ(lenient("Full support."), 0);
  EXPECT_EQ(lenient("Partial support: the year is missing."), 1);
  EXPECT_EQ(lenient("No support"), 2);
}

}  // namespace
