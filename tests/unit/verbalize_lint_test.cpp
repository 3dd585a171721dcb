// The text lint (caqa/verbalize/lint.h): each rule on text that breaks it and on text
// that only looks as if it did.
#include <gtest/gtest.h>

#include <set>

#include "caqa/verbalize/lint.h"
#include "caqa/verbalize/qualifiers.h"

namespace {

using namespace caqa::verbalize;

std::size_t count(std::string_view text, LintRule rule, std::vector<std::string> names = {}) {
  return lint_text(text, names)[rule];
}

TEST(Lint, RuleNamesAreStableAndDistinct) {
  std::set<std::string_view> names;
  for (LintRule rule : kLintRules) {
    names.insert(lint_rule_name(rule));
    EXPECT_FALSE(lint_rule_description(rule).empty());
  }
  EXPECT_EQ(names.size(), static_cast<std::size_t>(kLintRuleCount));
  EXPECT_EQ(lint_rule_name(LintRule::ArticleSound), "a_an");
}

TEST(Lint, TemplateResidueAndTheEntitySuchThat) {
  EXPECT_EQ(count("{head} was directed by {tail}.", LintRule::TemplateResidue), 4u);
  EXPECT_EQ(count("Jaws was directed by Steven Spielberg.", LintRule::TemplateResidue), 0u);
  EXPECT_EQ(count("Who directed the entity such that The music for it was composed by Jerry Goldsmith?",
                  LintRule::EntitySuchThat),
            1u);
  EXPECT_EQ(count("Name the entity that scored Jaws.", LintRule::EntitySuchThat), 0u);
}

TEST(Lint, DoubledWordsButNotTitlesOrNames) {
  EXPECT_EQ(count("Who directed the the film?", LintRule::DoubledWord), 1u);
  EXPECT_EQ(count("The the film was long.", LintRule::DoubledWord), 1u);
  EXPECT_EQ(count("Emma Thompson starred in In the Name of the Father.", LintRule::DoubledWord), 0u);
  EXPECT_EQ(count("Duran Duran recorded Rio.", LintRule::DoubledWord), 0u);
  EXPECT_EQ(count("It is the film, the one he made.", LintRule::DoubledWord), 0u);
}

TEST(Lint, ArticleBeforeAVowelSound) {
  EXPECT_EQ(count("Takashi Shimura has worked as a actor.", LintRule::ArticleSound), 1u);
  EXPECT_EQ(count("She is an director.", LintRule::ArticleSound), 1u);
  EXPECT_EQ(count("A Oscar went to him.", LintRule::ArticleSound), 1u);
  for (std::string_view fine :
       {"He is an actor.", "It is a university in Ohio.", "It is a one-off.", "She waited an hour.", "He holds an MBA.",
        "It is a European film.", "He is an FBI agent.", "It is a UN body.", "It is an 8-hour film.",
        "It is a 1975 film.", "He was an honest man.", "It is an unimportant film.", "Vitamin A is a nutrient.",
        "A. E. Housman wrote it."})
    EXPECT_EQ(count(fine, LintRule::ArticleSound), 0u) << fine;
  EXPECT_TRUE(starts_with_vowel_sound("hour"));
  EXPECT_FALSE(starts_with_vowel_sound("user"));
}

TEST(Lint, LowerCaseSentenceStarts) {
  EXPECT_EQ(count("[1] jaws was directed by Steven Spielberg. it was released in 1975.", LintRule::LowercaseStart), 2u);
  EXPECT_EQ(count("[1] Jaws was released in 1975. It was directed by Steven Spielberg.", LintRule::LowercaseStart), 0u);
  // Abbreviations, names ending in a stop, a quotation and a lower-case name are not starts.
  EXPECT_EQ(count("He lived in the U.S. for years.", LintRule::LowercaseStart), 0u);
  EXPECT_EQ(count("Warner Bros. is in Burbank.", LintRule::LowercaseStart), 0u);
  EXPECT_EQ(count("Mamma Mia! was produced by Judy Craymer.", LintRule::LowercaseStart, {"Mamma Mia!"}), 0u);
  EXPECT_EQ(count("The answer to \"Who directed Jaws?\" is Steven Spielberg [1].", LintRule::LowercaseStart), 0u);
  EXPECT_EQ(count("number9dream was written by David Mitchell.", LintRule::LowercaseStart, {"number9dream"}), 0u);
  EXPECT_EQ(count("number9dream was written by David Mitchell.", LintRule::LowercaseStart), 1u);
  EXPECT_EQ(count("eBay was founded in 1995.", LintRule::LowercaseStart), 0u);
}

TEST(Lint, EveryItsApostrophe) {
  EXPECT_EQ(count("What is the entity such that number9dream was written by it's profession?", LintRule::ItsApostrophe),
            1u);
  EXPECT_EQ(count("It\xE2\x80\x99s a film. It's long.", LintRule::ItsApostrophe), 2u);
  EXPECT_EQ(count("The film and its director. Its score.", LintRule::ItsApostrophe), 0u);
}

TEST(Lint, MissingEntityInACitation) {
  std::vector<std::string> names = {"Jaws", "Steven Spielberg", "E.T."};
  LintCounts c = lint_citation("[1] Jaws was directed by Steven Spielberg.", names);
  EXPECT_EQ(c[LintRule::MissingEntity], 1u);
  EXPECT_EQ(lint_citation("[1] jaws and E.T. were directed by steven spielberg.", names)[LintRule::MissingEntity],
            0u);  // case-insensitive
  EXPECT_EQ(lint_citation("[1] Jawsome films by Steven Spielberg and E.T.", names)[LintRule::MissingEntity],
            1u);                                               // whole words only
  EXPECT_EQ(lint_text("Jaws.")[LintRule::MissingEntity], 0u);  // lint_text never checks names
  // A role said of several people is named in its plural; a name is not.
  const std::vector<std::string> roles = {"film producer", "Michael Bay", "Brad Fuller"};
  EXPECT_EQ(
      lint_citation("[1] Michael Bay and Brad Fuller have worked as film producers.", roles)[LintRule::MissingEntity],
      0u);
  EXPECT_EQ(lint_citation("[1] Michael Bays was a film producer.", roles)[LintRule::MissingEntity], 2u);
}

// Issue 33's patterns, each from a sample readers could not read as written.
TEST(Lint, ClausesAReaderCannotAttach) {
  EXPECT_EQ(count("When was The Joshua Tree released, given that Nirvana was founded then?", LintRule::GivenThat), 1u);
  EXPECT_EQ(count("Where was Elvis born, given that it is a city in Mississippi?", LintRule::GivenThat), 0u);
  EXPECT_EQ(count("Which country is Kate Capshaw a citizen of that uses the dollar?", LintRule::StackedRelative), 0u);
  EXPECT_EQ(
      count("What is the country that Kate Capshaw is a citizen of that uses the dollar?", LintRule::StackedRelative),
      1u);
  // Non-restrictive clauses after a comma nest: "Dublin, which ..., who ...".
  EXPECT_EQ(count("Ireland has Dublin, which is the birthplace of Bono, who sang in U2, as its capital.",
                  LintRule::StackedRelative),
            0u);
  EXPECT_EQ(count("Which films were directed by Steven Spielberg that starred Tom Hanks?", LintRule::StackedRelative),
            0u);
  EXPECT_EQ(count("Which books did Hilary Mantel write who won the Booker Prize?", LintRule::ExtraposedRelative), 1u);
  EXPECT_EQ(count("Which books did Hilary Mantel write?", LintRule::ExtraposedRelative), 0u);
  EXPECT_EQ(count("Which film was written by Hilary Mantel, who won the Booker Prize?", LintRule::ExtraposedRelative),
            0u);
  EXPECT_EQ(count("China includes the city of the city that Jack Ma was born in.", LintRule::RepeatedNoun), 1u);
  EXPECT_EQ(count("China includes the city of Hangzhou.", LintRule::RepeatedNoun), 0u);
  EXPECT_EQ(count("Gene Hackman won the Oscar, which Brad Pitt won the. Brad Pitt starred in Fury [1].",
                  LintRule::DanglingArticle),
            1u);
  EXPECT_EQ(count("Gene Hackman won the Oscar, which Brad Pitt won [1].", LintRule::DanglingArticle), 0u);
  EXPECT_EQ(count("Live Free or Die Hard is tagged \"good, which Goodbye, Columbus has an IMDb rating of,\" [1].",
                  LintRule::QuotedClause),
            1u);
  EXPECT_EQ(count("Live Free or Die Hard is tagged \"good\" and \"bruce willis\" [1].", LintRule::QuotedClause), 0u);
  // A title may end in an article: "Ask the" is a name of the sample.
  EXPECT_EQ(count("Mary starred in Ask the.", LintRule::DanglingArticle, {"Ask the"}), 0u);
  EXPECT_EQ(count("2006 is the year Bachelor Party Vegas came out, as is 2018.", LintRule::AmbiguousEcho), 1u);
  EXPECT_EQ(count("Steven Spielberg directed Jaws, as did nobody else.", LintRule::AmbiguousEcho), 0u);
  // A title that ends in a particle is a name: "Blood Out, as did".
  EXPECT_EQ(count("Luke Goss starred in Blood Out, as did Val Kilmer.", LintRule::AmbiguousEcho, {"Blood Out"}), 0u);
  // Subjects sharing a predicate (issue 40): the verb agrees, the noun must too.
  EXPECT_EQ(count("[1] Chris Hemsworth and Josh Peck work as an actor.", LintRule::PluralSingular), 1u);
  EXPECT_EQ(count("[1] Carrie Fisher and Edie Brickell were the spouse of Paul Simon.", LintRule::PluralSingular), 1u);
  EXPECT_EQ(count("[1] Lund and Malmö are a city in Sweden.", LintRule::PluralSingular), 1u);
  EXPECT_EQ(count("[1] Lund and Malmö are cities in Sweden. They were the birthplaces of two actors.",
                  LintRule::PluralSingular),
            0u);
  EXPECT_EQ(count("[1] Chris Hemsworth works as an actor.", LintRule::PluralSingular), 0u);
  // A list of names in a singular role (the names are the sample's).
  EXPECT_EQ(count("Which band had Dave Grohl and Kurt Cobain as a member?", LintRule::PluralSingular,
                  {"Dave Grohl", "Kurt Cobain"}),
            1u);
  EXPECT_EQ(count("Which band had Dave Grohl and Kurt Cobain as members?", LintRule::PluralSingular,
                  {"Dave Grohl", "Kurt Cobain"}),
            0u);
  EXPECT_EQ(count("Which band had Dave Grohl as a member and recorded Nevermind?", LintRule::PluralSingular,
                  {"Dave Grohl", "Nevermind"}),
            0u);
  // A title is a name: "You Are the Apple of My Eye".
  EXPECT_EQ(count("Who wrote You Are the Apple of My Eye?", LintRule::PluralSingular, {"You Are the Apple of My Eye"}),
            0u);
}

TEST(Lint, OneRelativeClauseASentence) {
  EXPECT_EQ(count("Charlie Chaplin, who produced The Great Dictator, was born in London, which is home to Imperial "
                  "College London [1].",
                  LintRule::TwoClauses),
            1u);
  EXPECT_EQ(count("Adrien Brody starred in The Thin Red Line, which starred Sean Penn, who was married to Madonna.",
                  LintRule::TwoClauses),
            1u);
  // One clause of two predicates, and one clause in each of two sentences.
  EXPECT_EQ(count("Steven Spielberg, who directed Jaws and was born in Cincinnati, is a citizen of the United States.",
                  LintRule::TwoClauses),
            0u);
  EXPECT_EQ(count("[1] Jaws, which came out in 1975, starred Roy Scheider. [2] Duel, which came out in 1971, is a "
                  "film.",
                  LintRule::TwoClauses),
            0u);
  // A name's period may end the sentence.
  EXPECT_EQ(
      count("[1] Love Comes Softly, which was written by Janette Oke, is a film by Michael Landon Jr. Love's Long "
            "Journey, which is a film by Michael Landon Jr., came out in 2005.",
            LintRule::TwoClauses, {"Michael Landon Jr.", "Love Comes Softly", "Love's Long Journey"}),
      0u);
  // A title's comma is a name's: "Goodbye, Columbus, which ...".
  EXPECT_EQ(count("Goodbye, Who Knows, which came out in 1969, starred Ali MacGraw, who was born in Pound Ridge.",
                  LintRule::TwoClauses, {"Goodbye, Who Knows"}),
            1u);
}

TEST(Lint, QualifierItsSentenceSays) {
  EXPECT_EQ(count("Tripoli (Libya) is the capital of Libya.", LintRule::RestatedQualifier), 1u);
  EXPECT_EQ(count("[1] The Magnificent Seven (1960) came out in 1960.", LintRule::RestatedQualifier), 1u);
  EXPECT_EQ(count("[1] Eddie Redmayne, who is a citizen of the United Kingdom, was born in London (United Kingdom).",
                  LintRule::RestatedQualifier),
            1u);
  // Another name's qualifier, or another sentence, says nothing of this one.
  EXPECT_EQ(count("Elizabeth Taylor was born in London (United Kingdom) and Jane Austen in Steventon (United Kingdom).",
                  LintRule::RestatedQualifier),
            0u);
  EXPECT_EQ(count("[1] Tripoli (Libya) lies on the coast. Libya is in Africa.", LintRule::RestatedQualifier), 0u);
}

TEST(Lint, AQualifiedNameToldApartByItsSentenceIsNotMissing) {
  const std::vector<std::string> qualified = {"London (United Kingdom)"};
  EXPECT_EQ(missing_names("[1] Eddie Redmayne, a citizen of the United Kingdom, was born in London.", qualified), 0u);
  EXPECT_EQ(missing_names("[1] Eddie Redmayne was born in London. He is a citizen of the United Kingdom.", qualified),
            1u);
}

TEST(Lint, NamesAndTypesOfTheSample) {
  const std::vector<std::string> claims = {"Steven Spielberg", "Jaws", "Cincinnati"};
  EXPECT_EQ(missing_names("Cincinnati is the birthplace of Steven Spielberg, who directed Jaws.", claims), 0u);
  EXPECT_EQ(missing_names("Cincinnati is the birthplace of Steven Spielberg.", claims), 1u);
  const std::vector<std::string> types = {"film", "band", "person", "record_label"};
  EXPECT_EQ(type_word_findings("Which films and bands come from Sweden?", "band", types), 1u);
  EXPECT_EQ(type_word_findings("Which bands come from Sweden?", "band", types), 0u);
  EXPECT_EQ(type_word_findings("Which group did Bono belong to?", "band", types), 0u);  // no type's name
  EXPECT_EQ(type_word_findings("Which record labels released Abbey Road?", "record_label", types), 0u);
  EXPECT_EQ(type_word_findings("Which people were born in Dublin?", "person", types), 0u);
  EXPECT_EQ(type_word_findings("Which film starred Bono?", "", types), 0u);  // answers of several types
}

TEST(Lint, CountsAddUp) {
  LintCounts a = lint_text("a actor. the the end {x}");
  EXPECT_FALSE(a.clean());
  LintCounts sum;
  sum += a;
  sum += a;
  EXPECT_EQ(sum.total(), 2 * a.total());
  EXPECT_TRUE(lint_text("Jaws was directed by Steven Spielberg, an American director.").clean());
}

TEST(Qualifiers, PlainWhereTheSentenceTellsItApart) {
  const std::string text =
      "[1] Eddie Redmayne, who is a citizen of the United Kingdom, was born in London (United Kingdom). Felicity "
      "Jones was born in London (United Kingdom). [2] The United Kingdom is in Europe.";
  EXPECT_EQ(plain_where_told(text, "London (United Kingdom)", "London", "United Kingdom", false),
            "[1] Eddie Redmayne, who is a citizen of the United Kingdom, was born in London. Felicity Jones was born "
            "in London (United Kingdom). [2] The United Kingdom is in Europe.");
  // A namesake in the same sentence keeps both qualified.
  const std::string two = "London (United Kingdom), in the United Kingdom, is larger than London (Canada).";
  EXPECT_EQ(plain_where_told(two, "London (United Kingdom)", "London", "United Kingdom", true), two);
  // Another name's qualifier is not the sentence naming the value.
  const std::string other =
      "Jane Austen was born in Steventon (United Kingdom) and died in Winchester (United Kingdom).";
  EXPECT_EQ(plain_where_told(other, "Steventon (United Kingdom)", "Steventon", "United Kingdom", false), other);
  const auto parts = split_qualified("A Star Is Born (1937)");
  ASSERT_TRUE(parts);
  EXPECT_EQ(parts->first, "A Star Is Born");
  EXPECT_EQ(parts->second, "1937");
  EXPECT_FALSE(split_qualified("Paris"));
}

TEST(Qualifiers, InAWritersForm) {
  EXPECT_EQ(in_writers_form("Who was born in London (United Kingdom)? London (United Kingdom) is large.",
                            "London (United Kingdom)", "London in the United Kingdom", ""),
            "Who was born in London in the United Kingdom? London in the United Kingdom is large.");
  EXPECT_EQ(in_writers_form("John Williams (composer) scored Jaws. Jaws, by John Williams (composer), won.",
                            "John Williams (composer)", "the composer John Williams", ""),
            "The composer John Williams scored Jaws. Jaws, by the composer John Williams, won.");
  // "the album" said once; "The album" at a sentence's start as well.
  EXPECT_EQ(in_writers_form("The album Abbey Road (1969) is by the album Abbey Road (1969).", "Abbey Road (1969)",
                            "the 1969 album Abbey Road", "the album "),
            "The 1969 album Abbey Road is by the 1969 album Abbey Road.");
}

}  // namespace
