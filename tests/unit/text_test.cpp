#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "caqa/hash.h"
#include "caqa/same_bytes.h"
#include "caqa/text.h"

TEST(Text, AsciiLowerFoldsOnlyAsciiLetters) {
  EXPECT_EQ(caqa::ascii_lower("Zürich ÉTÉ 1975 AbC-xY"), "zürich ÉtÉ 1975 abc-xy");
  EXPECT_EQ(caqa::ascii_lower('Q'), 'q');
  EXPECT_EQ(caqa::ascii_lower('['), '[');
  std::string s = "MiXeD";
  caqa::ascii_lower_in_place(s);
  EXPECT_EQ(s, "mixed");
}

TEST(Text, WordRangesSplitLettersDigitsAndUtf8) {
  std::string_view text = "Zürich's 1975 film, [1]";
  std::vector<std::string_view> words;
  for (auto r : caqa::word_ranges(text)) words.push_back(text.substr(r.begin, r.end - r.begin));
  EXPECT_EQ(words, (std::vector<std::string_view>{"Zürich", "s", "1975", "film", "1"}));
}

TEST(Text, OneStopWordList) {
  EXPECT_TRUE(caqa::is_stop_word("the"));
  EXPECT_TRUE(caqa::is_stop_word("answer"));
  EXPECT_FALSE(caqa::is_stop_word("The"));  // callers lower-case first
  EXPECT_FALSE(caqa::is_stop_word("not"));  // negation is a feature, never a stop word
  EXPECT_FALSE(caqa::is_stop_word("jaws"));
}

// The whole list, spelled out here as the trained baseline's features depend on it, and
// words that differ from one of them by a byte or in length.
TEST(Text, StopWordsAreExactlyTheList) {
  const std::vector<std::string> list = {
      "a",    "about", "also",  "an",     "and",   "answer", "are",   "as",   "at",    "be",   "been", "by",   "can",
      "did",  "do",    "does",  "entity", "for",   "from",   "given", "had",  "has",   "have", "he",   "her",  "his",
      "how",  "i",     "in",    "is",     "it",    "its",    "of",    "on",   "one",   "or",   "she",  "such", "that",
      "the",  "their", "them",  "then",   "there", "these",  "they",  "this", "those", "to",   "was",  "were", "what",
      "when", "where", "which", "while",  "who",   "whom",   "whose", "why",  "with",  "you"};
  for (const std::string& w : list) {
    EXPECT_TRUE(caqa::is_stop_word(w)) << w;
    EXPECT_FALSE(caqa::is_stop_word(w + "x")) << w;
    EXPECT_FALSE(caqa::is_stop_word(w.substr(0, w.size() - 1) + "q")) << w;
    EXPECT_FALSE(caqa::is_stop_word(w + std::string(1, '\0'))) << w;
  }
  EXPECT_FALSE(caqa::is_stop_word(""));
  EXPECT_FALSE(caqa::is_stop_word("answers"));
}

// same_bytes against ==, for every length up to 40 and a difference at every position
// (the word-sized loads overlap at the tail).
TEST(Text, SameBytesIsEquality) {
  for (std::size_t n = 0; n <= 40; ++n) {
    std::string a(n, 'x'), b(n, 'x');
    for (std::size_t i = 0; i < n; ++i) a[i] = b[i] = static_cast<char>('a' + i % 26);
    EXPECT_TRUE(caqa::same_bytes(a, b)) << n;
    EXPECT_FALSE(caqa::same_bytes(a, b + "y")) << n;
    for (std::size_t i = 0; i < n; ++i) {
      std::string c = b;
      c[i] = static_cast<char>(c[i] ^ 0x80);
      EXPECT_FALSE(caqa::same_bytes(a, c)) << n << " " << i;
      EXPECT_EQ(caqa::same_bytes(a.substr(0, i), c.substr(0, i)), true) << n << " " << i;
    }
  }
}

TEST(Hash, Fnv1aIsStable) {
  EXPECT_EQ(caqa::fnv1a64(""), caqa::kFnv1aOffset);
  // FNV-1a 64 of "a", from the published test vectors.
  EXPECT_EQ(caqa::fnv1a64("a"), 0xaf63dc4c8601ec8cull);
}
