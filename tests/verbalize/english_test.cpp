// The grammar module and relation phrasings of the grammar verbaliser (issue 14).
#include <gtest/gtest.h>

#include "caqa/verbalize/english.h"
#include "caqa/verbalize/relation_phrasing.h"

using namespace caqa::verbalize;

TEST(English, ArticleFollowsTheSoundNotTheLetter) {
  EXPECT_EQ(with_article("actor"), "an actor");
  EXPECT_EQ(with_article("film director"), "a film director");
  EXPECT_EQ(with_article("university lecturer"), "a university lecturer");
  EXPECT_EQ(with_article("European"), "a European");
  EXPECT_EQ(with_article("hour"), "an hour");
  EXPECT_EQ(with_article("honest man"), "an honest man");
  EXPECT_EQ(with_article("MBA"), "an MBA");
  EXPECT_EQ(with_article("BBC presenter"), "a BBC presenter");
  EXPECT_EQ(with_article("one-off"), "a one-off");
  EXPECT_EQ(with_article("8-track"), "an 8-track");
}

TEST(English, ListsCapitalsAndNames) {
  EXPECT_EQ(join_list({"A"}), "A");
  EXPECT_EQ(join_list({"A", "B"}), "A and B");
  EXPECT_EQ(join_list({"A", "B", "C"}), "A, B and C");
  EXPECT_EQ(capitalized("the capital of Kenya"), "The capital of Kenya");
  EXPECT_EQ(definite_name("United States"), "the United States");
  EXPECT_EQ(definite_name("Netherlands"), "the Netherlands");
  EXPECT_EQ(definite_name("National University of Córdoba"), "the National University of Córdoba");
  EXPECT_EQ(definite_name("Yale University"), "Yale University");
  EXPECT_EQ(definite_name("Kenya"), "Kenya");
}

// Every rule of takes_the, and names one letter or one space away from one.
TEST(English, TakesTheByPrefixInnerWordsOrWholeName) {
  for (const char* yes : {"United States", "University of Oxford", "Republic of Ireland", "Kingdom of Spain",
                          "Democratic Republic of the Congo", "National University of Córdoba", " University of ",
                          "Netherlands", "Philippines", "Bahamas", "Maldives", "Czech Republic", "Dominican Republic",
                          "Central African Republic", "Gambia", "Vatican City"})
    EXPECT_TRUE(takes_the(yes)) << yes;
  for (const char* no : {"", "U", "United", "Unitedstates", "university of Oxford", "Yale University",
                         "University ofOxford", "Republic", "Kingdom", "Democratic", "University of", "X University",
                         "Netherland", "Gambia ", "gambia", "Kenya", "Vatican", "Czech"})
    EXPECT_FALSE(takes_the(no)) << no;
}

TEST(English, AgreementAndEchoes) {
  EXPECT_EQ(plural_predicate("is in Kenya"), "are in Kenya");
  EXPECT_EQ(plural_predicate("belongs to the drama genre"), "belong to the drama genre");
  EXPECT_EQ(plural_predicate("was directed by X"), "were directed by X");
  EXPECT_EQ(plural_predicate("starred in X"), "starred in X");
  EXPECT_EQ(plural_predicate("uses the euro"), "use the euro");
  // Answers that share a predicate (issue 33): the noun of "is a" and the role of "as a"
  // take the plural, a name does not, and a relative clause inside keeps its number.
  EXPECT_EQ(plural_predicate("is a city in Canada"), "are cities in Canada");
  EXPECT_EQ(plural_predicate("has worked as a film director"), "have worked as film directors");
  EXPECT_EQ(plural_predicate("has worked as an actor and was born in Paris"),
            "have worked as actors and was born in Paris");
  EXPECT_EQ(plural_predicate("was produced by Michael Bay, who has worked as a film director"),
            "were produced by Michael Bay, who has worked as a film director");
  EXPECT_EQ(plural_noun("person"), "people");
  EXPECT_EQ(plural_noun("businessperson"), "businesspeople");
  EXPECT_EQ(plural_noun("city"), "cities");
  EXPECT_EQ(plural_predicate("works as a singer"), "work as singers");
  EXPECT_EQ(with_also("is a city in Canada"), "is also a city in Canada");
  EXPECT_EQ(with_also("has worked as an actor"), "has also worked as an actor");
  EXPECT_EQ(with_also("comes from France"), "also comes from France");
  EXPECT_EQ(with_also("has music by X"), "also has music by X");
  EXPECT_EQ(fronted_relative("Lund is a city in", false), "where Lund is a city");
  EXPECT_EQ(fronted_relative("Eddie Redmayne was educated at", false), "where Eddie Redmayne was educated");
  EXPECT_EQ(fronted_relative("Omar Sharif is a citizen of", false), "of which Omar Sharif is a citizen");
  EXPECT_EQ(fronted_relative("Britt Ekland was married to", true), "to whom Britt Ekland was married");
  EXPECT_EQ(fronted_relative("Brad Pitt won", false), "which Brad Pitt won");
  EXPECT_EQ(echo_auxiliary("starred in Jaws", false), "did");
  EXPECT_EQ(echo_auxiliary("was directed by X", true), "were");
  EXPECT_EQ(echo_auxiliary("is a citizen of X", false), "is");
  EXPECT_EQ(echo_auxiliary("has worked as an actor", true), "have");
  EXPECT_EQ(echo_auxiliary("has music by X", false), "does");
  EXPECT_EQ(echo_auxiliary("belongs to X", false), "does");
  EXPECT_EQ(echo_auxiliary("won the Oscar", false), "did");
}

TEST(RelationPhrasing, SentencesPredicatesAndClauses) {
  const auto p = RelationPhrasing::parse(
      "[film > person] {head} was directed by {tail}. | {tail} directed {head}. | no ends here | the film {head} is by "
      "{tail}.");
  ASSERT_EQ(p.size(), 3u);  // the sentence without both ends is dropped
  EXPECT_EQ(p.noun(Slot::Head), "film");
  EXPECT_TRUE(p.is_person(Slot::Tail));
  EXPECT_EQ(p.sentence(0, "Jaws", "Steven Spielberg"), "Jaws was directed by Steven Spielberg.");
  EXPECT_EQ(p.subject(1), Slot::Tail);
  EXPECT_EQ(p.subject(2), std::nullopt);
  EXPECT_EQ(p.predicate(1, "Jaws"), "directed Jaws");
  EXPECT_EQ(p.predicate_about(Slot::Head, "Steven Spielberg"), "was directed by Steven Spielberg");
  EXPECT_EQ(p.relative_clause(Slot::Tail, "Jaws"), "who directed Jaws");
  EXPECT_EQ(p.relative_clause(Slot::Head, "Steven Spielberg"), "that was directed by Steven Spielberg");

  const auto studied = RelationPhrasing::parse("[person > university] {head} was educated at {tail}.");
  EXPECT_EQ(studied.relative_clause(Slot::Tail, "Paul Allen"), "that Paul Allen was educated at");
  EXPECT_EQ(studied.predicate_about(Slot::Tail, "Paul Allen"), "");
  // The article before the slot goes with it: "that Brad Pitt won", not "... won the".
  const auto won = RelationPhrasing::parse("[person > award] {head} won the {tail}.");
  EXPECT_EQ(won.relative_clause(Slot::Tail, "Brad Pitt"), "that Brad Pitt won");
  const auto lived = RelationPhrasing::parse("[person > city] {head} lived in Rwanda {tail}.");
  EXPECT_EQ(lived.relative_clause(Slot::Tail, "X"), "that X lived in Rwanda");

  const auto job = RelationPhrasing::parse("[person > occupation] {head} has worked as {a tail}.");
  EXPECT_EQ(job.sentence(0, "Takashi Shimura", "actor"), "Takashi Shimura has worked as an actor.");

  const auto plain = RelationPhrasing::fallback("directed by");
  EXPECT_EQ(plain.sentence(0, "Jaws", "Steven Spielberg"), "Jaws directed by Steven Spielberg.");
  EXPECT_EQ(plain.noun(Slot::Head), "");
}
