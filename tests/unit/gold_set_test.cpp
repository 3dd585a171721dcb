#include <gtest/gtest.h>

#include "caqa/gold_set.h"
#include "test_support.h"

using caqa::ErrorCode;
using caqa::test::codes;

TEST(GoldSet, ParsesAndIndexes) {
  auto parsed = caqa::parse_gold(caqa::test::edge_gold());
  EXPECT_FALSE(parsed.diagnostics.has_errors());
  ASSERT_EQ(parsed.gold.size(), 18u);
  std::uint32_t i = parsed.gold.ids().find("e04");
  EXPECT_EQ(parsed.gold.label(i), caqa::index_of(caqa::Label::Supportive));
  EXPECT_EQ(parsed.gold.complexity(i), caqa::Complexity::Union);
  EXPECT_EQ(parsed.gold.line(i), 4u);
  EXPECT_EQ(parsed.gold.split(), "");
}

TEST(GoldSet, IntegerIdsAreTheirDecimalText) {
  auto parsed = caqa::parse_gold("{\"id\":42,\"label\":\"irrelevant\",\"complexity\":\"single\"}\n");
  EXPECT_EQ(parsed.gold.ids().find("42"), 0u);
}

TEST(GoldSet, SplitFilterAndMixedSplits) {
  std::string text =
      "{\"id\":\"a\",\"label\":\"supportive\",\"complexity\":\"single\",\"split\":\"train\"}\n"
      "{\"id\":\"b\",\"label\":\"supportive\",\"complexity\":\"single\",\"split\":\"test\"}\n";
  EXPECT_EQ(caqa::parse_gold(text).gold.split(), "mixed");
  caqa::GoldOptions options;
  options.split = "test";
  auto parsed = caqa::parse_gold(text, options);
  EXPECT_EQ(parsed.gold.size(), 1u);
  EXPECT_EQ(parsed.gold.split(), "test");
  options.split = "dev";
  EXPECT_EQ(codes(caqa::parse_gold(text, options).diagnostics),
            (std::vector<std::pair<ErrorCode, std::uint32_t>>{{ErrorCode::NoGoldSamples, 0}}));
}

TEST(GoldSet, ReportsEveryBadLine) {
  std::string text =
      "{\"id\":\"a\",\"label\":\"supportive\",\"complexity\":\"single\"}\n"
      "{\"id\":\"a\",\"label\":\"supportive\",\"complexity\":\"single\"}\n"
      "{\"id\":\"b\",\"label\":\"Supportiv\",\"complexity\":\"single\"}\n"
      "{\"id\":\"c\",\"label\":\"irrelevant\",\"complexity\":\"triple\"}\n"
      "{\"id\":\"d\",\"label\":\"irrelevant\"}\n"
      "not json\n";
  EXPECT_EQ(codes(caqa::parse_gold(text).diagnostics),
            (std::vector<std::pair<ErrorCode, std::uint32_t>>{{ErrorCode::DuplicateId, 2},
                                                              {ErrorCode::InvalidLabel, 3},
                                                              {ErrorCode::InvalidComplexity, 4},
                                                              {ErrorCode::MissingComplexity, 5},
                                                              {ErrorCode::MalformedJson, 6}}));
}
