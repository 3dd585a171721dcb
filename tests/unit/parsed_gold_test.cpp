// A gold kept parsed between requests (the browser's Gold): each request sees the gold as
// a fresh parse_gold with its own options would, whatever was read before it.
#include "caqa/scoring/parsed_gold.h"

#include <gtest/gtest.h>

#include <string>

namespace {

const std::string kSplitGold =
    "{\"id\":1,\"label\":\"supportive\",\"split\":\"test\",\"src\":\"a\"}\n"
    "{\"id\":2,\"label\":\"partially supportive\",\"split\":\"dev\",\"src\":\"b\"}\n"
    "{\"id\":3,\"label\":\"irrelevant\",\"split\":\"test\",\"src\":\"a\"}\n";

caqa::ScoreRequest with_split(const char* split) {
  caqa::ScoreRequest r;
  r.split = split;
  return r;
}

caqa::ScoreRequest grouped_by(const char* field) {
  caqa::ScoreRequest r;
  r.group_by = field;
  return r;
}

caqa::ScoreRequest line_limit(std::size_t bytes) {
  caqa::ScoreRequest r;
  r.max_line_bytes = bytes;
  return r;
}

}  // namespace

TEST(ParsedGold, EachRequestReadsTheGoldAsAFreshParse) {
  caqa::ParsedGold parsed(kSplitGold);
  const caqa::ScoreRequest requests[] = {
      {}, with_split("test"), with_split("test"), grouped_by("src"), line_limit(40), {}, with_split("dev"), {}};
  for (const caqa::ScoreRequest& request : requests) {
    const caqa::GoldParse& kept = parsed.read(request);
    caqa::GoldParse fresh = caqa::parse_gold(kSplitGold, request.gold_options());
    EXPECT_EQ(kept.gold.size(), fresh.gold.size());
    EXPECT_EQ(kept.gold.group_names(), fresh.gold.group_names());
    EXPECT_EQ(kept.diagnostics.items.size(), fresh.diagnostics.items.size());
    EXPECT_EQ(&kept.gold.scheme(), &fresh.gold.scheme());
  }
  EXPECT_EQ(parsed.read(with_split("test")).gold.size(), 2u);
  EXPECT_EQ(parsed.read({}).gold.size(), 3u);
  EXPECT_TRUE(parsed.read(line_limit(40)).diagnostics.has_errors());
  EXPECT_FALSE(parsed.read({}).diagnostics.has_errors());
}

TEST(ParsedGold, TheSameOptionsKeepTheParse) {
  caqa::ParsedGold parsed(kSplitGold);
  // A new parse would build its id arena while the old one is still alive: another address.
  const char* first_id = parsed.read({}).gold.ids().id(0).data();
  caqa::ScoreRequest same;
  same.bootstrap.resamples = 0;  // not a gold option
  same.ignore_missing = true;
  EXPECT_EQ(parsed.read(same).gold.ids().id(0).data(), first_id);
  EXPECT_NE(parsed.read(with_split("test")).gold.ids().id(0).data(), first_id);
}
