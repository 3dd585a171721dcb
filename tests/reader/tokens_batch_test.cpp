// How the reader sees text (caqa/reader/tokens.h) and how batches are laid out
// (caqa/reader/batch.h): words, markers, hashing, exact match, padding, the scatter index.
#include <gtest/gtest.h>

#include <numeric>

#include "caqa/hash.h"
#include "caqa/reader/batch.h"
#include "caqa/reader/tokens.h"

namespace caqa::reader {
namespace {

TEST(ReaderTokens, WordsPunctuationAndMarkers) {
  EXPECT_EQ(reader_words("Argo (2012) was directed by Ben Affleck [1]. Zürich's"),
            (std::vector<std::string>{"argo", "(", "2012", ")", "was", "directed", "by", "ben", "affleck", ".",
                                      "zürich", "'", "s"}));
  // A bracketed word is text, not a citation marker.
  EXPECT_EQ(reader_words("[a]"), (std::vector<std::string>{"[", "a", "]"}));
  EXPECT_TRUE(reader_words("  [12] ").empty());
}

TEST(ReaderTokens, FeaturesAreTheWordAndItsTrigrams) {
  const TokenizerConfig config{1u << 20, 160};
  const TokenRows rows = encode_text("Ben", "", config);
  ASSERT_EQ(rows.size(), 1u);
  // "<ben>": the word, then "<be", "ben", "en>".
  const std::vector<std::uint32_t> want = {static_cast<std::uint32_t>(fnv1a64("w:ben") % config.buckets),
                                           static_cast<std::uint32_t>(fnv1a64("c:<be") % config.buckets),
                                           static_cast<std::uint32_t>(fnv1a64("c:ben") % config.buckets),
                                           static_cast<std::uint32_t>(fnv1a64("c:en>") % config.buckets)};
  EXPECT_EQ(rows.ids, want);
  EXPECT_EQ(rows.offsets, (std::vector<std::uint32_t>{0, 4}));
  // An unseen name shares its trigram rows with a known spelling: "Bennett" has "<be", "ben".
  const TokenRows other = encode_text("Bennett", "", config);
  EXPECT_EQ(other.ids[1], want[1]);
  EXPECT_EQ(other.ids[2], want[2]);
}

TEST(ReaderTokens, ExactMatchIsCaseFoldedAndCut) {
  const TokenizerConfig config{1024, 3};
  const TokenRows rows = encode_text("Ben Affleck directed Argo", "argo by BEN", config);
  EXPECT_EQ(rows.exact, (std::vector<std::uint8_t>{1, 0, 0}));  // cut to 3 tokens
}

// Imported data has empty citations; attention needs a token, so the text is one empty word.
TEST(ReaderTokens, AnEmptyTextIsOneEmptyWord) {
  const TokenizerConfig config{1024, 160};
  for (const char* text : {"", "  [1] "}) {
    const TokenRows rows = encode_text(text, "Argo", config);
    ASSERT_EQ(rows.size(), 1u) << text;
    EXPECT_EQ(rows.ids, (std::vector<std::uint32_t>{static_cast<std::uint32_t>(fnv1a64("w:") % config.buckets)}));
    EXPECT_EQ(rows.exact, (std::vector<std::uint8_t>{0}));
  }
}

ReaderExample example(std::size_t hyp_tokens, std::size_t prem_tokens, std::uint32_t id_base, int label) {
  ReaderExample ex;
  for (std::size_t t = 0; t < hyp_tokens; ++t) {
    ex.hypothesis.ids.push_back(id_base + static_cast<std::uint32_t>(t));
    ex.hypothesis.ids.push_back(7);
    ex.hypothesis.offsets.push_back(static_cast<std::uint32_t>(ex.hypothesis.ids.size()));
    ex.hypothesis.exact.push_back(t % 2);
  }
  for (std::size_t t = 0; t < prem_tokens; ++t) {
    ex.premise.ids.push_back(7);
    ex.premise.offsets.push_back(static_cast<std::uint32_t>(ex.premise.ids.size()));
    ex.premise.exact.push_back(0);
  }
  ex.label = label;
  return ex;
}

TEST(ReaderBatch, PaddingWeightsAndScatter) {
  const std::vector<ReaderExample> examples = {example(3, 2, 10, 1), example(1, 4, 20, 3)};
  const std::vector<std::size_t> order = {1, 0};
  const std::uint32_t buckets = 64;
  const HostBatch b = assemble_batch(examples, order.data(), order.size(), buckets);
  EXPECT_EQ(b.size, 2);
  EXPECT_EQ(b.labels, (std::vector<int>{3, 1}));
  EXPECT_EQ(b.hypothesis.length, 3);
  EXPECT_EQ(b.premise.length, 4);
  EXPECT_EQ(b.hypothesis.lengths, (std::vector<int>{1, 3}));
  EXPECT_EQ(b.hypothesis.mask, (std::vector<float>{1, 0, 0, 1, 1, 1}));
  // Slot 0 (sample 1's token 0): its two features at 1/2 each, then the exact-match row (1, weight 1).
  EXPECT_EQ(std::vector<std::uint32_t>(b.hypothesis.ids.begin(), b.hypothesis.ids.begin() + 3),
            (std::vector<std::uint32_t>{20, 7, buckets + 0}));
  EXPECT_EQ(std::vector<float>(b.hypothesis.weights.begin(), b.hypothesis.weights.begin() + 3),
            (std::vector<float>{0.5f, 0.5f, 1.0f}));
  EXPECT_EQ(b.hypothesis.offsets[1], 3u);
  EXPECT_EQ(b.hypothesis.offsets[2], 3u);  // padding slots have no features
  // The scatter lists every (row, slot) use exactly once, rows ascending, slots ascending per row.
  const TableScatter& s = b.scatter;
  EXPECT_TRUE(std::is_sorted(s.rows.begin(), s.rows.end()));
  EXPECT_EQ(s.offsets.back(), s.slots.size());
  EXPECT_EQ(s.slots.size(), b.hypothesis.ids.size() + b.premise.ids.size());
  for (std::size_t u = 0; u < s.rows.size(); ++u)
    EXPECT_TRUE(std::is_sorted(s.slots.begin() + s.offsets[u], s.slots.begin() + s.offsets[u + 1]));
  // Row 7 is used by every premise token (6 real ones, slots after the 6 hypothesis slots) and
  // by the 4 hypothesis tokens.
  const auto at = std::find(s.rows.begin(), s.rows.end(), 7u) - s.rows.begin();
  EXPECT_EQ(s.offsets[at + 1] - s.offsets[at], 10u);
  const float total = std::accumulate(s.weights.begin() + s.offsets[at], s.weights.begin() + s.offsets[at + 1], 0.0f);
  EXPECT_FLOAT_EQ(total, 4 * 0.5f + 6 * 1.0f);
}

}  // namespace
}  // namespace caqa::reader
