#include <gtest/gtest.h>

#include "caqa/validate.h"
#include "test_support.h"

using caqa::DuplicatePolicy;
using caqa::ErrorCode;

namespace {
const std::string kThreeLevelGold = caqa::test::gold_line("a", "supportive", "single") +
                                    caqa::test::gold_line("b", "irrelevant", "union") +
                                    caqa::test::gold_line("c", "contradictory", "concatenation");
}

TEST(Validate, DuplicatesUnknownIdsAndMissing) {
  auto gold = caqa::parse_gold(kThreeLevelGold).gold;
  auto set = caqa::read_predictions(
      "{\"id\":\"a\",\"label\":\"supportive\"}\n"
      "{\"id\":\"zz\",\"label\":\"supportive\"}\n"
      "{\"id\":\"a\",\"label\":\"irrelevant\"}\n"
      "{\"id\":\"zz\",\"label\":\"supportive\"}\n");
  auto v = caqa::validate(set, gold, DuplicatePolicy::Error);
  ASSERT_EQ(v.diagnostics.items.size(), 4u);
  EXPECT_EQ(v.diagnostics.items[0].code, ErrorCode::UnknownId);
  EXPECT_EQ(v.diagnostics.items[0].line, 2u);
  EXPECT_EQ(v.diagnostics.items[1].code, ErrorCode::DuplicateId);
  EXPECT_NE(v.diagnostics.items[1].message.find("first on line 1"), std::string::npos);
  EXPECT_EQ(v.diagnostics.items[2].code, ErrorCode::DuplicateId);
  EXPECT_NE(v.diagnostics.items[2].message.find("first on line 2"), std::string::npos);
  EXPECT_EQ(v.diagnostics.items[3].code, ErrorCode::MissingPredictions);
  EXPECT_EQ(v.diagnostics.items[3].severity, caqa::Severity::Warning);
  EXPECT_EQ(v.missing, 2u);
  EXPECT_EQ(v.first_missing_ids, (std::vector<std::string>{"b", "c"}));
  EXPECT_EQ(v.duplicate_lines, 2u);
  EXPECT_EQ(v.unknown_id_lines, 2u);
  EXPECT_FALSE(v.valid());
}

TEST(Validate, DuplicatePolicyPicksTheRow) {
  auto gold = caqa::parse_gold(kThreeLevelGold).gold;
  auto set =
      caqa::read_predictions("{\"id\":\"a\",\"label\":\"supportive\"}\n{\"id\":\"a\",\"label\":\"irrelevant\"}\n");
  EXPECT_EQ(caqa::validate(set, gold, DuplicatePolicy::First).row_of_gold[0], 0u);
  EXPECT_EQ(caqa::validate(set, gold, DuplicatePolicy::Last).row_of_gold[0], 1u);
  EXPECT_TRUE(caqa::validate(set, gold, DuplicatePolicy::Last).valid());
}

TEST(Validate, IntegerAndStringIdsMatch) {
  auto gold = caqa::parse_gold(caqa::test::gold_line("5", "supportive", "single")).gold;
  auto v = caqa::validate(caqa::read_predictions("{\"id\":5,\"label\":\"supportive\"}\n"), gold);
  EXPECT_TRUE(v.valid());
  EXPECT_EQ(v.missing, 0u);
}
