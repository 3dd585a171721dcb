#include <gtest/gtest.h>

#include <vector>

#include "caqa/id_index.h"
#include "caqa/source_text.h"

TEST(LineCursor, BomCrlfAndLastLineWithoutNewline) {
  caqa::LineCursor cursor(
      "\xEF\xBB\xBF"
      "a\r\nbb\n\nccc");
  std::vector<std::string> lines;
  caqa::SourceLine line;
  while (cursor.next(line)) lines.emplace_back(line.text);
  EXPECT_TRUE(cursor.had_bom());
  EXPECT_EQ(lines, (std::vector<std::string>{"a", "bb", "", "ccc"}));
}

TEST(Utf8, FindsFirstInvalidByte) {
  EXPECT_EQ(caqa::first_invalid_utf8("Zürich ok"), std::string_view::npos);
  EXPECT_EQ(caqa::first_invalid_utf8("ab\xC3"), 2u);             // truncated
  EXPECT_EQ(caqa::first_invalid_utf8("a\xC0\xAF"), 1u);          // overlong
  EXPECT_EQ(caqa::first_invalid_utf8("\xED\xA0\x80"), 0u);       // surrogate
  EXPECT_EQ(caqa::first_invalid_utf8("x\xF4\x90\x80\x80"), 1u);  // above U+10FFFF
}

TEST(IdIndex, InsertFindAndGrow) {
  caqa::IdIndex index;
  for (int i = 0; i < 10000; ++i) EXPECT_EQ(index.insert("id-" + std::to_string(i)), caqa::IdIndex::kAbsent);
  EXPECT_EQ(index.size(), 10000u);
  EXPECT_EQ(index.insert("id-42"), 42u);
  EXPECT_EQ(index.find("id-9999"), 9999u);
  EXPECT_EQ(index.find("id-10000"), caqa::IdIndex::kAbsent);
  EXPECT_EQ(index.id(7), "id-7");
}
