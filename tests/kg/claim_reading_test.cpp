// The label checks a careful reader makes (issue 33): which relations hold once, what a
// fact implies, how a citation reads claim by claim, and the names that tell same-name
// entities apart.
#include <gtest/gtest.h>

#include "caqa/kg/claim_reading.h"
#include "caqa/kg/display_names.h"
#include "caqa/kg/kg_text.h"
#include "caqa/kg/label_verifier.h"
#include "caqa/kg/unbacked_claims.h"

namespace {

using namespace caqa::kg;
using caqa::Label;

// Every film has one director and one year; a director has several films; people have
// one birthplace; spouse is stated both ways; two films share the name "Halloween".
constexpr std::string_view kClaimTriples =
    "film/jaws\tdirected_by\tperson/spielberg\n"
    "film/et\tdirected_by\tperson/spielberg\n"
    "film/duel\tdirected_by\tperson/spielberg\n"
    "film/alien\tdirected_by\tperson/scott\n"
    "film/halloween_1978\tdirected_by\tperson/carpenter\n"
    "film/halloween_2007\tdirected_by\tperson/zombie\n"
    "film/jaws\trelease_year\tyear/1975\n"
    "film/et\trelease_year\tyear/1982\n"
    "film/duel\trelease_year\tyear/1971\n"
    "film/alien\trelease_year\tyear/1979\n"
    "film/halloween_1978\trelease_year\tyear/1978\n"
    "film/halloween_2007\trelease_year\tyear/2007\n"
    "person/spielberg\tplace_of_birth\tcity/cincinnati\n"
    "person/scott\tplace_of_birth\tcity/south_shields\n"
    "person/carpenter\tplace_of_birth\tcity/carthage\n"
    "person/zombie\tplace_of_birth\tcity/haverhill\n"
    "person/spielberg\tspouse\tperson/capshaw\n"
    "person/capshaw\tspouse\tperson/spielberg\n"
    "person/spielberg\tspouse\tperson/irving\n"
    "person/irving\tspouse\tperson/spielberg\n"
    "city/cincinnati\tcapital_of\tcountry/usa\n";

constexpr std::string_view kClaimNames =
    "film/jaws\tJaws\nfilm/et\tE.T.\nfilm/duel\tDuel\nfilm/alien\tAlien\nfilm/halloween_1978\tHalloween\n"
    "film/halloween_2007\tHalloween\nperson/spielberg\tSteven Spielberg\nperson/scott\tRidley Scott\n"
    "person/carpenter\tJohn Carpenter\nperson/zombie\tRob Zombie\nperson/capshaw\tKate Capshaw\n"
    "person/irving\tAmy Irving\ncity/cincinnati\tCincinnati\nyear/1975\t1975\nyear/1982\t1982\n"
    "year/1971\t1971\nyear/1979\t1979\nyear/1978\t1978\nyear/2007\t2007\n";

MemoryGraph claim_kg() {
  ProblemCounts problems;
  MemoryGraphBuilder b;
  add_triples(b, {"t.tsv", kClaimTriples}, TripleFormat::Auto, problems);
  for (auto& [k, v] : read_two_column_table({"n.tsv", kClaimNames}, problems)) b.set_name(k, v);
  for (auto& [k, v] : read_two_column_table({"n.tsv", kClaimNames}, problems)) b.set_type(k, k.substr(0, k.find('/')));
  return b.build();
}

class ClaimReadingTest : public ::testing::Test {
 protected:
  Triple fact(std::string_view h, std::string_view r, std::string_view t) const {
    return {*kg.find_entity(h), *kg.find_relation(r), *kg.find_entity(t)};
  }
  RelationId rel(std::string_view r) const { return *kg.find_relation(r); }
  EntityId entity(std::string_view e) const { return *kg.find_entity(e); }

  MemoryGraph kg = claim_kg();
  RelationProfile profile{kg};
};

TEST_F(ClaimReadingTest, ProfileReadsFunctionalGenericAndSymmetricLinksOffTheKg) {
  EXPECT_TRUE(profile.at(rel("directed_by"), true).functional);    // a film's director
  EXPECT_FALSE(profile.at(rel("directed_by"), false).functional);  // a director's films
  EXPECT_DOUBLE_EQ(profile.at(rel("directed_by"), false).mean_objects(), 6.0 / 4.0);
  EXPECT_TRUE(profile.at(rel("release_year"), true).functional);
  // Asked from a year, which states nothing itself: "What was released in 1975?" is open.
  EXPECT_TRUE(profile.at(rel("release_year"), false).generic);
  EXPECT_FALSE(profile.at(rel("directed_by"), false).generic);
  // Spouse is stated both ways: symmetric, so never functional (people remarry).
  EXPECT_TRUE(profile.symmetric(rel("spouse")));
  EXPECT_FALSE(profile.at(rel("spouse"), true).functional);
  EXPECT_TRUE(profile.single_valued(entity("film/jaws"), rel("directed_by"), true));
  EXPECT_FALSE(profile.single_valued(entity("person/spielberg"), rel("directed_by"), false));
  EXPECT_FALSE(profile.overfull(fact("film/jaws", "directed_by", "person/spielberg")));
}

TEST_F(ClaimReadingTest, ImpliedFactsParseAndClose) {
  ProblemCounts problems;
  const ImpliedFacts implied =
      ImpliedFacts::parse({"implied.tsv",
                           "capital_of\t{head} place_of_birth {tail}\n"  // nonsense, but a well-formed rule
                           "directed_by person/spielberg\t{tail} spouse person/irving\n"
                           "no_such\t{head} spouse {tail}\n"
                           "directed_by\tjust two\n"},
                          kg, problems);
  EXPECT_EQ(implied.size(), 2u);
  EXPECT_EQ(problems.total(), 2u);
  const std::vector<Triple> said = {fact("film/jaws", "directed_by", "person/spielberg"),
                                    fact("person/spielberg", "spouse", "person/capshaw")};
  const auto closure = implied.closure(said, profile);
  auto has = [&](const Triple& t) { return std::find(closure.begin(), closure.end(), t) != closure.end(); };
  EXPECT_TRUE(has(fact("person/spielberg", "spouse", "person/irving")));   // the rule with a tail
  EXPECT_TRUE(has(fact("person/capshaw", "spouse", "person/spielberg")));  // the mirror image
  EXPECT_FALSE(has(fact("person/spielberg", "place_of_birth", "city/cincinnati")));
  // The rule with a tail applies to that tail only.
  const std::vector<Triple> other = {fact("film/alien", "directed_by", "person/scott")};
  EXPECT_EQ(implied.closure(other, profile).size(), 1u);
}

TEST_F(ClaimReadingTest, ACitationReadsClaimByClaim) {
  const ImpliedFacts none;
  const ClaimReader reader(profile, none);
  const std::vector<Triple> claims = {fact("film/jaws", "directed_by", "person/spielberg"),
                                      fact("person/spielberg", "place_of_birth", "city/cincinnati")};
  EXPECT_EQ(reader.read(claims, claims).label(), Label::Supportive);
  EXPECT_EQ(reader.read(claims, std::vector<Triple>{claims[0]}).label(), Label::PartiallySupportive);
  EXPECT_EQ(reader.read(claims, std::vector<Triple>{fact("film/et", "directed_by", "person/spielberg")}).label(),
            Label::Irrelevant);
  // Another director for Jaws excludes Spielberg: a film has one.
  EXPECT_EQ(reader.read(claims, std::vector<Triple>{fact("film/jaws", "directed_by", "person/scott")}).label(),
            Label::Contradictory);
  // Another film by Spielberg excludes nothing: a director has several.
  const std::vector<Triple> films = {fact("film/jaws", "directed_by", "person/spielberg")};
  EXPECT_EQ(reader.read(films, std::vector<Triple>{fact("film/alien", "directed_by", "person/spielberg")}).label(),
            Label::Irrelevant);
  // Another spouse excludes nothing either.
  const std::vector<Triple> married = {fact("person/irving", "spouse", "person/spielberg")};
  EXPECT_EQ(reader.read(married, std::vector<Triple>{fact("person/capshaw", "spouse", "person/spielberg")}).label(),
            Label::Irrelevant);
  // The mirror image of a symmetric fact supports it.
  EXPECT_EQ(reader.read(married, std::vector<Triple>{fact("person/spielberg", "spouse", "person/irving")}).label(),
            Label::Supportive);
}

// The answer's sub-facts (issue 41): a verdict per claim, in the claims' order.
TEST_F(ClaimReadingTest, EachClaimGetsItsVerdict) {
  const ImpliedFacts none;
  const ClaimReader reader(profile, none);
  const std::vector<Triple> claims = {fact("film/jaws", "directed_by", "person/spielberg"),
                                      fact("person/spielberg", "place_of_birth", "city/cincinnati"),
                                      fact("person/irving", "spouse", "person/spielberg")};
  const std::vector<Triple> citation = {fact("person/spielberg", "place_of_birth", "city/south_shields"),
                                        fact("person/spielberg", "spouse", "person/irving")};
  EXPECT_EQ(
      reader.verdicts(claims, citation),
      (std::vector<ClaimVerdict>{ClaimVerdict::Unsupported, ClaimVerdict::Contradicted, ClaimVerdict::Supported}));
  EXPECT_EQ(verdict_name(ClaimVerdict::Contradicted), "contradicted");
  const ClaimReading reading = reader.read(claims, citation);
  EXPECT_EQ(reading.supported, 1u);
  EXPECT_EQ(reading.contradicted, 1u);
}

// A weaker link between a claim's two ends, stated without the claim, reads as partial
// support: the builder rejects such a citation (unbacked_claims.h).
TEST_F(ClaimReadingTest, AWeakerLinkBetweenAClaimsEndsIsUnbacked) {
  ProblemCounts problems;
  // As "capital of" implies "lies in": a rule whose consequence joins the same two ends.
  const ImpliedFacts implied =
      ImpliedFacts::parse({"implied.tsv", "capital_of\t{head} place_of_birth {tail}\n"}, kg, problems);
  Attribution g;
  g.supportive = {fact("city/cincinnati", "capital_of", "country/usa")};
  const UnbackedClaims unbacked(g, "Which country has Cincinnati as its capital?", "Cincinnati is the capital [1].", kg,
                                nullptr, implied, profile);
  EXPECT_EQ(unbacked.misread(std::vector<Triple>{fact("city/cincinnati", "place_of_birth", "country/usa")}),
            "the citation states a part of a claim it does not support");
  EXPECT_EQ(unbacked.misread(g.supportive), std::nullopt);  // the claim itself backs its part
  EXPECT_EQ(unbacked.misread(std::vector<Triple>{fact("film/jaws", "directed_by", "person/spielberg")}), std::nullopt);
}

TEST_F(ClaimReadingTest, AnEntityMeetingTwoConditionsIsCounted) {
  const ImpliedFacts none;
  const ClaimReader reader(profile, none);
  // ?a directed Jaws and was born in Cincinnati.
  ExtendedQuery q;
  ResolvedQuery branch;
  branch.variables = {"?a"};
  branch.patterns = {{{false, entity("film/jaws")}, rel("directed_by"), {true, 0}},
                     {{true, 0}, rel("place_of_birth"), {false, entity("city/cincinnati")}}};
  q.branches.push_back(branch);
  const std::vector<Triple> one = {fact("film/jaws", "directed_by", "person/scott")};
  EXPECT_EQ(reader.most_conditions_met(q, one), 1u);
  const std::vector<Triple> two = {fact("film/jaws", "directed_by", "person/scott"),
                                   {entity("person/scott"), rel("place_of_birth"), entity("city/cincinnati")}};
  EXPECT_EQ(reader.most_conditions_met(q, two), 2u);
}

TEST_F(ClaimReadingTest, SameNameEntitiesGetAQualifier) {
  DisplayNames names(kg, profile);
  EXPECT_EQ(names.name(entity("film/jaws")), "Jaws");
  // No list: a relation that holds once, the most categorical first (a year before a director).
  EXPECT_EQ(names.name(entity("film/halloween_1978")), "Halloween (1978)");
  ProblemCounts problems;
  names.read_preferences({"q.tsv", "film\tdirected_by release_year\nship\tdirected_by\n"}, problems);
  EXPECT_EQ(problems.total(), 1u);  // no type "ship"
  EXPECT_EQ(names.name(entity("film/halloween_2007")), "Halloween (Rob Zombie)");
  EXPECT_TRUE(names.shared(entity("film/halloween_2007")));
  EXPECT_FALSE(names.shared(entity("film/jaws")));
}

TEST_F(ClaimReadingTest, AQualifierIsWrittenAsAWriterPutsIt) {
  DisplayNames names(kg, profile);
  ProblemCounts problems;
  names.read_preferences({"q.tsv", "film\trelease_year\tthe {value} film {name}\n"}, problems);
  EXPECT_EQ(problems.total(), 0u);
  const EntityId halloween = entity("film/halloween_1978");
  std::string lead;
  EXPECT_EQ(names.written_name(halloween, &lead), "the 1978 film Halloween");
  EXPECT_EQ(lead, "the film ");
  EXPECT_EQ(names.written_name(entity("film/jaws")), "Jaws");
  const std::vector<EntityId> both = {halloween};
  // Upper case at a sentence's start, the form's own words said once.
  EXPECT_EQ(
      names.as_written("[1] Halloween (1978) was scored by John Carpenter. He scored the film Halloween (1978).", both),
      "[1] The 1978 film Halloween was scored by John Carpenter. He scored the 1978 film Halloween.");
  // A type "*" gives forms for any type.
  DisplayNames any(kg, profile);
  any.read_preferences({"q.tsv", "*\trelease_year\tthe {value} film {name}\n"}, problems);
  EXPECT_EQ(problems.total(), 0u);
  EXPECT_EQ(any.written_name(halloween), "the 1978 film Halloween");
}

}  // namespace
