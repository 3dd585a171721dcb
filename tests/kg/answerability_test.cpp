// Questions that cannot be answered as written (issue 33, answerability.h): a middle that
// names an open set ("the films directed by X") and answers that only an open set and
// large classes narrow ("Which film was produced by X and is from the United Kingdom?")
// are skipped; one-to-one links, two open sets together and symmetric links are kept.
#include <gtest/gtest.h>

#include <string>

#include "caqa/kg/answerability.h"
#include "caqa/kg/memory_graph.h"

namespace {

using namespace caqa::kg;

// Six films with one director and two actors each; two directors with several films; every
// film from the United States; a symmetric spouse link.
MemoryGraph small_kg() {
  MemoryGraphBuilder b;
  for (int i = 0; i < 6; ++i) {
    const std::string film = "film/f" + std::to_string(i);
    b.add_triple(film, "directed_by", i < 3 ? "person/ford" : "person/hawks");
    b.add_triple(film, "starring", "person/actor" + std::to_string(i % 2));
    b.add_triple(film, "starring", "person/extra" + std::to_string(i));
    b.add_triple(film, "country_of_origin", "country/usa");
    b.add_triple(film, "genre", "genre/western");
  }
  for (int i = 0; i < 8; ++i) b.add_triple("film/other" + std::to_string(i), "country_of_origin", "country/usa");
  b.add_triple("person/ford", "spouse", "person/mary");
  b.add_triple("person/mary", "spouse", "person/ford");
  return b.build();
}

struct Case {
  const MemoryGraph kg = small_kg();
  const RelationProfile profile{kg};
  Node entity(std::string_view key) const { return {false, *kg.find_entity(key)}; }
  RelationId relation(std::string_view name) const { return *kg.find_relation(name); }
  std::optional<std::string> why(std::vector<ResolvedPattern> patterns, std::size_t variables) const {
    ExtendedQuery q;
    q.branches.push_back({std::move(patterns), std::vector<std::string>(variables, "?v")});
    return unanswerable(q, Attribution{}, profile, nullptr);
  }
};

const Node kAnswer{true, 0};
const Node kMiddle{true, 1};

TEST(Answerability, AMiddleReachedAlongAnInverseManyLinkIsAnOpenSet) {
  const Case c;
  // "What genre are the films directed by John Ford?"
  const auto why = c.why(
      {{kMiddle, c.relation("directed_by"), c.entity("person/ford")}, {kMiddle, c.relation("genre"), kAnswer}}, 2);
  ASSERT_TRUE(why.has_value());
  EXPECT_NE(why->find("a middle of the question is a set"), std::string::npos) << *why;
}

TEST(Answerability, AMiddleReachedAlongAFunctionalLinkIsAsked) {
  const Case c;
  // "Who was married to the director of f0?": the director holds once, the spouse link is symmetric.
  EXPECT_EQ(
      c.why({{c.entity("film/f0"), c.relation("directed_by"), kMiddle}, {kMiddle, c.relation("spouse"), kAnswer}}, 2),
      std::nullopt);
}

TEST(Answerability, OneOpenSetAndALargeClassIsAnOpenQuestion) {
  const Case c;
  // "Which film was directed by John Ford and is from the United States?"
  const auto why = c.why({{kAnswer, c.relation("directed_by"), c.entity("person/ford")},
                          {kAnswer, c.relation("country_of_origin"), c.entity("country/usa")}},
                         1);
  ASSERT_TRUE(why.has_value());
  EXPECT_NE(why->find("one at most narrows it"), std::string::npos) << *why;
  // "Which films did actor0 star in?": one open set alone.
  const auto alone = c.why({{kAnswer, c.relation("starring"), c.entity("person/actor0")}}, 1);
  ASSERT_TRUE(alone.has_value());
}

TEST(Answerability, TwoOpenSetsMeetInAFew) {
  const Case c;
  // "Which film was directed by John Ford and starred actor0?"
  EXPECT_EQ(c.why({{kAnswer, c.relation("directed_by"), c.entity("person/ford")},
                   {kAnswer, c.relation("starring"), c.entity("person/actor0")}},
                  1),
            std::nullopt);
}

TEST(Answerability, OneOfSeveralObjectsIsAnOpenQuestion) {
  const Case c;
  // "Who starred in f0?": every film has two actors here; the world has more.
  const auto why = c.why({{c.entity("film/f0"), c.relation("starring"), kAnswer}}, 1);
  ASSERT_TRUE(why.has_value());
  EXPECT_NE(why->find("one of several a subject usually has"), std::string::npos) << *why;
  // "Who directed f0?": one director a film.
  EXPECT_EQ(c.why({{c.entity("film/f0"), c.relation("directed_by"), kAnswer}}, 1), std::nullopt);
  // "Who was married to John Ford?": asked, where every person of the KG has one spouse.
  EXPECT_EQ(c.why({{c.entity("person/ford"), c.relation("spouse"), kAnswer}}, 1), std::nullopt);
}

TEST(Answerability, AMiddleThatIsOneOfSeveralIsAnOpenQuestion) {
  const Case c;
  // "Who was married to the actor of f0?": f0 has two actors.
  const auto why =
      c.why({{c.entity("film/f0"), c.relation("starring"), kMiddle}, {kMiddle, c.relation("spouse"), kAnswer}}, 2);
  ASSERT_TRUE(why.has_value());
  EXPECT_NE(why->find("a middle of the question"), std::string::npos) << *why;
}

TEST(Answerability, AUnionAsksEachListUnlessAlmostNoSubjectHoldsOnce) {
  const Case c;
  ExtendedQuery q;
  auto branch = [&](std::string_view film, std::string_view relation) {
    return ResolvedQuery{{{c.entity(film), c.relation(relation), kAnswer}}, {"?a"}};
  };
  // "Who starred in each of f0 and f1?": no film has one actor.
  q.branches = {branch("film/f0", "starring"), branch("film/f1", "starring")};
  ASSERT_TRUE(unanswerable(q, Attribution{}, c.profile, nullptr).has_value());
  // "Who directed each of f0 and f1?"
  q.branches = {branch("film/f0", "directed_by"), branch("film/f1", "directed_by")};
  EXPECT_EQ(unanswerable(q, Attribution{}, c.profile, nullptr), std::nullopt);
}

}  // namespace
