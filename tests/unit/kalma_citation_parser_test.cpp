// The KaLMA answer parser: citation brackets and sentence splitting, on the paper's
// formats (Tables 9, 13, 19, 20) and on malformed input.
#include <gtest/gtest.h>

#include <string>

#include "caqa/kalma/answer.h"

namespace {

using caqa::kalma::CitationProblem;
using caqa::kalma::parse_answer;
using caqa::kalma::ParsedAnswer;
using caqa::kalma::Triple;

std::vector<Triple> cited(const ParsedAnswer& a, std::size_t sentence) {
  std::vector<Triple> out;
  for (const auto& c : a.sentences.at(sentence).citations) out.push_back(c.triple);
  return out;
}

std::vector<CitationProblem> problems(const ParsedAnswer& a) {
  std::vector<CitationProblem> out;
  for (const auto& i : a.issues) out.push_back(i.problem);
  return out;
}

TEST(KalmaCitationParser, SeveralPropertiesInOneBracket) {
  auto a = parse_answer("Born in Rome [Q212657, ethnic group: Italians, occupation: painter, place of birth: Rome].");
  ASSERT_EQ(a.sentences.size(), 1u);
  EXPECT_EQ(a.sentences[0].text, "Born in Rome.");
  EXPECT_EQ(cited(a, 0), (std::vector<Triple>{{"Q212657", "ethnic group", "Italians"},
                                              {"Q212657", "occupation", "painter"},
                                              {"Q212657", "place of birth", "Rome"}}));
  EXPECT_TRUE(a.issues.empty());
  EXPECT_EQ(a.brackets, 1u);
}

TEST(KalmaCitationParser, CommasAndColonsInsideValues) {
  auto a = parse_answer(
      "She was born on July 8, 1596 [Q212657, date of birth: July 8, 1596, place of birth: Rome]. "
      "He is filed [Q206534, topic's main category: Category:Stephen Crane, described by source: Great Soviet "
      "Encyclopedia (1969\u20131978)]. A film [Q1, depicted by: Hitler's Piano Player: The Rise and Fall, Ally of "
      "FDR].");
  ASSERT_EQ(a.sentences.size(), 3u);
  EXPECT_EQ(cited(a, 0),
            (std::vector<Triple>{{"Q212657", "date of birth", "July 8, 1596"}, {"Q212657", "place of birth", "Rome"}}));
  EXPECT_EQ(cited(a, 1),
            (std::vector<Triple>{{"Q206534", "topic's main category", "Category:Stephen Crane"},
                                 {"Q206534", "described by source", "Great Soviet Encyclopedia (1969\u20131978)"}}));
  EXPECT_EQ(cited(a, 2),
            (std::vector<Triple>{{"Q1", "depicted by", "Hitler's Piano Player: The Rise and Fall, Ally of FDR"}}));
  EXPECT_TRUE(a.issues.empty());
}

TEST(KalmaCitationParser, ExtraSpacesAreNormalized) {
  auto a = parse_answer("Born  in Rome   [  Q212657 ,place  of birth :   Rome ,  occupation:painter  ]  .");
  ASSERT_EQ(a.sentences.size(), 1u);
  EXPECT_EQ(a.sentences[0].text, "Born in Rome.");
  EXPECT_EQ(cited(a, 0),
            (std::vector<Triple>{{"Q212657", "place of birth", "Rome"}, {"Q212657", "occupation", "painter"}}));
}

TEST(KalmaCitationParser, QidSpellingsAndSeveralEntities) {
  // Table 9 writes "[qid: Q212657, ...]"; a bare QID inside a bracket switches the entity.
  auto a = parse_answer(
      "A [qid: Q212657, name: Artemisia Gentileschi]. B [Q212657, father: Orazio Gentileschi, "
      "Q367360, occupation: painter]. C [Q1, conflict: Q12182610].");
  ASSERT_EQ(a.sentences.size(), 3u);
  EXPECT_EQ(cited(a, 0), (std::vector<Triple>{{"Q212657", "name", "Artemisia Gentileschi"}}));
  EXPECT_EQ(cited(a, 1),
            (std::vector<Triple>{{"Q212657", "father", "Orazio Gentileschi"}, {"Q367360", "occupation", "painter"}}));
  EXPECT_EQ(cited(a, 2), (std::vector<Triple>{{"Q1", "conflict", "Q12182610"}}));
  EXPECT_TRUE(a.issues.empty());
}

TEST(KalmaCitationParser, MissingQidGivesAnIncompleteCitation) {
  auto a = parse_answer("Born in Rome [place of birth: Rome, occupation: painter].");
  ASSERT_EQ(a.sentences.size(), 1u);
  EXPECT_EQ(cited(a, 0), (std::vector<Triple>{{"", "place of birth", "Rome"}, {"", "occupation", "painter"}}));
  EXPECT_FALSE(a.sentences[0].citations[0].triple.complete());
  EXPECT_EQ(problems(a), (std::vector<CitationProblem>{CitationProblem::MissingQid}));  // once per bracket
  EXPECT_EQ(a.issues[0].offset, 13u);
}

TEST(KalmaCitationParser, IncompleteCitationsAreCountedAndReported) {
  auto a = parse_answer("X [Q1]. Y [Q2, place of birth]. Z [Q3, place of birth:]. W [qid: 42, occupation: painter].");
  ASSERT_EQ(a.sentences.size(), 4u);
  EXPECT_EQ(cited(a, 0), (std::vector<Triple>{{"Q1", "", ""}}));
  EXPECT_EQ(cited(a, 1), (std::vector<Triple>{{"Q2", "place of birth", ""}}));
  EXPECT_EQ(cited(a, 2), (std::vector<Triple>{{"Q3", "place of birth", ""}}));
  EXPECT_EQ(cited(a, 3), (std::vector<Triple>{{"", "occupation", "painter"}}));
  EXPECT_EQ(problems(a), (std::vector<CitationProblem>{CitationProblem::MissingProperty, CitationProblem::MissingValue,
                                                       CitationProblem::MissingValue, CitationProblem::BadQid,
                                                       CitationProblem::MissingQid}));
}

TEST(KalmaCitationParser, NaAloneAndWithCitations) {
  auto a = parse_answer(
      "Born on July 8, 1596 [NA] in Rome [Q212657, place of birth: Rome]. Nothing else [na]. "
      "Both [N/A] [Q1, p: v] [NA].");
  ASSERT_EQ(a.sentences.size(), 3u);
  EXPECT_EQ(a.sentences[0].na_marks, 1u);
  EXPECT_EQ(a.sentences[0].text, "Born on July 8, 1596 in Rome.");
  EXPECT_EQ(cited(a, 0), (std::vector<Triple>{{"Q212657", "place of birth", "Rome"}}));
  EXPECT_EQ(a.sentences[1].na_marks, 1u);
  EXPECT_TRUE(a.sentences[1].citations.empty());
  EXPECT_EQ(a.sentences[2].na_marks, 2u);
  EXPECT_EQ(a.sentences[2].citations.size(), 1u);
  EXPECT_EQ(a.na_sentence_count(), 3u);
  EXPECT_TRUE(a.issues.empty());

  auto only = parse_answer("[NA]");
  ASSERT_EQ(only.sentences.size(), 1u);
  EXPECT_EQ(only.sentences[0].text, "");
  EXPECT_TRUE(only.sentences[0].has_na());
}

TEST(KalmaCitationParser, MalformedBracketsNeverCrashAndAreReported) {
  auto a = parse_answer("Unclosed [Q1, place of birth: Rome. Then [NA]. Stray ] here. Empty []. Number [1].");
  EXPECT_EQ(problems(a),
            (std::vector<CitationProblem>{CitationProblem::UnclosedBracket, CitationProblem::UnmatchedClose,
                                          CitationProblem::EmptyBracket, CitationProblem::NotACitation}));
  EXPECT_EQ(a.issues[0].offset, 9u);
  EXPECT_EQ(a.citation_count(), 0u);
  ASSERT_EQ(a.sentences.size(), 5u);
  EXPECT_EQ(a.sentences[0].text, "Unclosed [Q1, place of birth: Rome.");  // an unclosed '[' stays text
  EXPECT_TRUE(a.sentences[1].has_na());                                   // brackets after it still count
  EXPECT_EQ(a.sentences[3].text, "Empty.");                               // "[]" is removed
  EXPECT_EQ(a.sentences[4].text, "Number [1].");                          // "[1]" is no citation: kept

  // A bracket does not run over a line break; nested brackets stay one citation.
  auto b = parse_answer("A [Q1, p: v\nB [Q2, mother: [Ann] Sarah Kingsbury].");
  EXPECT_EQ(problems(b), (std::vector<CitationProblem>{CitationProblem::UnclosedBracket}));
  ASSERT_EQ(b.sentences.size(), 2u);
  EXPECT_EQ(cited(b, 1), (std::vector<Triple>{{"Q2", "mother", "[Ann] Sarah Kingsbury"}}));

  for (std::string_view junk : {"[", "]", "[[", "]]", "[[]", "[,]", "[:]", "[Q1,,]", "[NA", "[:,:,]", "....", "\n\n"})
    EXPECT_NO_FATAL_FAILURE(parse_answer(junk)) << junk;
  EXPECT_EQ(parse_answer("[,]").issues.size(), 1u);  // nothing citation-like inside: empty after commas
}

TEST(KalmaCitationParser, EmptyAnswer) {
  for (std::string_view empty : {"", "   ", "\n\n"}) {
    auto a = parse_answer(empty);
    EXPECT_TRUE(a.sentences.empty());
    EXPECT_TRUE(a.issues.empty());
    EXPECT_EQ(a.citation_count(), 0u);
  }
}

TEST(KalmaCitationParser, NonAsciiText) {
  auto a = parse_answer(
      "Ünïcödé wurde in Zürich geboren [Q72, 出生地: 北京, occupation: 画家]. "
      "他出生于罗马[Q1, place of birth: 罗马]。她是画家[NA]。");
  ASSERT_EQ(a.sentences.size(), 3u);
  EXPECT_EQ(a.sentences[0].text, "Ünïcödé wurde in Zürich geboren.");
  EXPECT_EQ(cited(a, 0), (std::vector<Triple>{{"Q72", "出生地", "北京"}, {"Q72", "occupation", "画家"}}));
  EXPECT_EQ(a.sentences[1].text, "他出生于罗马。");
  EXPECT_EQ(cited(a, 1), (std::vector<Triple>{{"Q1", "place of birth", "罗马"}}));
  EXPECT_TRUE(a.sentences[2].has_na());

  // Positions: the byte offset, and the code point offset a Python reader would see.
  auto b = parse_answer("Zürich ]");
  ASSERT_EQ(b.issues.size(), 1u);
  EXPECT_EQ(b.issues[0].offset, 8u);
  EXPECT_EQ(b.issues[0].character, 7u);
  // Invalid UTF-8 is carried, not trusted: excerpts stay printable.
  auto c = parse_answer("Bad \xff byte [\xfe, p: v].");
  EXPECT_EQ(c.sentences.size(), 1u);
}

TEST(KalmaSentenceSplit, EndsAbbreviationsAndTrailingCitations) {
  auto a = parse_answer(
      "J. R. R. Tolkien met Dr. Smith in the U.S. Army. He died.[Q1, a: b] Then e.g. this "
      "happened (in 1900.) \"Quoted!\" Next? Yes 3.5 times.\nLine two [NA]");
  std::vector<std::string> texts;
  for (const auto& s : a.sentences) texts.push_back(s.text);
  EXPECT_EQ(texts, (std::vector<std::string>{"J. R. R. Tolkien met Dr. Smith in the U.S. Army.", "He died.",
                                             "Then e.g. this happened (in 1900.)", "\"Quoted!\"", "Next?",
                                             "Yes 3.5 times.", "Line two"}));
  EXPECT_EQ(cited(a, 1), (std::vector<Triple>{{"Q1", "a", "b"}}));  // after the '.', before the next sentence
  EXPECT_TRUE(a.sentences[6].has_na());

  // Citations that follow a sentence's end mark belong to it; a lowercase word continues it.
  auto b = parse_answer("First. [Q1, p: v] [NA]\n\nSecond [Q2, q: w]. and more.");
  ASSERT_EQ(b.sentences.size(), 2u);
  EXPECT_EQ(cited(b, 0), (std::vector<Triple>{{"Q1", "p", "v"}}));
  EXPECT_TRUE(b.sentences[0].has_na());
  EXPECT_EQ(b.sentences[1].text, "Second. and more.");
  EXPECT_EQ(b.sentences[0].begin, 0u);
  EXPECT_EQ(b.sentences[0].end, 22u);  // through "[NA]"

  // A line of citations only joins the next sentence.
  auto c = parse_answer("[Q1, p: v]\nText here.");
  ASSERT_EQ(c.sentences.size(), 1u);
  EXPECT_EQ(c.sentences[0].text, "Text here.");
  EXPECT_EQ(c.sentences[0].citations.size(), 1u);
}

TEST(KalmaSentenceSplit, PaperTable13Demonstration) {
  // The one-shot demonstration answer of Table 13: 8 sentences, [NA] in sentences 0, 3 and 5.
  auto a = parse_answer(
      "Artemisia Gentileschi was an Italian painter born on July 8, 1596 [NA] in Rome [Q212657, ethnic group: "
      "Italians, occupation: painter, place of birth: Rome]. She was a member of the Accademia delle Arti del "
      "Disegno and is best known for her work Judith Slaying Holofernes [Q212657, member of: Accademia delle Arti "
      "del Disegno, notable works: Judith Slaying Holofernes]. She was the eldest child of the Tuscan painter Orazio "
      "Gentileschi [Q212657, father: Orazio Gentileschi]. Orazio Gentileschi was an Italian painter [NA] born in "
      "1563 and died in 1639 [Q367360, ethnic group: Italians, date of birth: 1563-07-19, date of death: "
      "1639-02-07]. He was born in Pisa and died in London [Q367360, place of death: London]. Orazio's influence "
      "on Artemisia's development as a prominent Baroque [NA] painter can be seen in her highly naturalistic "
      "portrayal of figures, dramatic scenes and the use of chiaroscuro technique [NA]. He also provided her with "
      "the opportunity to study with him and learn from his experience and expertise. She became an important "
      "second-generation proponent of Caravaggio's dramatic realism [Q212657, movement: Caravaggisti].");
  ASSERT_EQ(a.sentences.size(), 8u);
  std::vector<std::size_t> citations, na;
  for (const auto& s : a.sentences) {
    citations.push_back(s.citations.size());
    na.push_back(s.na_marks);
  }
  EXPECT_EQ(citations, (std::vector<std::size_t>{3, 2, 1, 3, 1, 0, 0, 1}));
  EXPECT_EQ(na, (std::vector<std::size_t>{1, 0, 0, 1, 0, 2, 0, 0}));
  EXPECT_EQ(a.sentences[0].text, "Artemisia Gentileschi was an Italian painter born on July 8, 1596 in Rome.");
  EXPECT_TRUE(a.issues.empty());
}

}  // namespace
