#include <gtest/gtest.h>

#include <string>
#include <unordered_map>
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

// A guess for reserving, but one that covers inputs of even lines, beyond the sampled head too.
TEST(LineCursor, EstimatedLineCountCoversEvenLines) {
  EXPECT_EQ(caqa::estimated_line_count(""), 1u);
  EXPECT_EQ(caqa::estimated_line_count("{\"id\": 1}"), 1u);
  for (std::size_t lines : {1u, 10u, 5000u, 200000u}) {
    std::string text;
    for (std::size_t i = 0; i < lines; ++i) text += "{\"id\":\"x" + std::to_string(i % 10) + "\"}\n";
    std::size_t estimate = caqa::estimated_line_count(text);
    EXPECT_GE(estimate, lines);
    EXPECT_LE(estimate, lines + lines / 4 + 1);
  }
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

// Both bulk orders against a plain map: the first of repeated ids stays indexed, every
// query finds its id's first entry or nothing. 150,000 ids make a table of 2^19 slots,
// above the size from which SlotStretches groups (the WebAssembly default).
TEST(IdIndex, BulkOrdersFindWhatAMapFinds) {
  constexpr std::uint32_t kIds = 150000;
  std::vector<std::string> ids;
  for (std::uint32_t i = 0; i < kIds; ++i)
    ids.push_back(i % 997 == 5 ? ids[i / 3] : "sample-" + std::to_string((i * 7919u) % 1000003u));
  std::unordered_map<std::string, std::uint32_t> first;
  std::vector<caqa::IdIndex::Repeat> want_repeats;
  for (std::uint32_t i = 0; i < kIds; ++i)
    if (auto [at, added] = first.emplace(ids[i], i); !added) want_repeats.push_back({i, at->second});
  std::vector<std::string> queries;
  for (std::uint32_t q = 0; q < 2 * kIds + 5; ++q)  // + 5: a last block of eight that is short
    queries.push_back(q % 3 == 0 ? "absent-" + std::to_string(q) : ids[(q * 104729u) % kIds]);
  std::vector<std::uint32_t> want_found;
  for (const auto& q : queries) {
    auto at = first.find(q);
    want_found.push_back(at == first.end() ? caqa::IdIndex::kAbsent : at->second);
  }
  for (auto order : {caqa::IdIndex::BulkOrder::Prefetched, caqa::IdIndex::BulkOrder::SlotStretches}) {
    caqa::IdIndex index;
    index.set_bulk_order(order);
    for (const auto& id : ids) index.append(id);
    EXPECT_EQ(index.build(), want_repeats);
    std::vector<std::uint32_t> found(queries.size());
    index.find_all(
        queries.size(), [&](std::size_t i) { return std::string_view(queries[i]); }, found.data());
    EXPECT_EQ(found, want_found);
  }
}
