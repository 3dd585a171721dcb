// The passage plan of a citation (issue 40, citation_passage.cpp): a topic first, a
// subject's facts in one sentence, a clause on the object that ends a sentence, referring
// expressions only where the citation leaves no doubt, and two passages when asked.
#include <gtest/gtest.h>

#include <memory>
#include <unordered_map>
#include <vector>

#include "caqa/kg/kg_text.h"
#include "caqa/kg/memory_graph.h"
#include "caqa/kg/verbalizer.h"

namespace {

using namespace caqa::kg;

constexpr std::string_view kPassageTriples =
    "film/jaws\tdirected_by\tperson/spielberg\n"
    "film/jaws\tstarring\tperson/scheider\n"
    "film/jaws\tstarring\tperson/shaw\n"
    "person/spielberg\tplace_of_birth\tcity/cincinnati\n"
    "person/spielberg\toccupation\toccupation/director\n"
    "person/scheider\tplace_of_birth\tcity/orange\n"
    "person/shaw\tplace_of_birth\tcity/westhoughton\n"
    "film/duel\tdirected_by\tperson/spielberg\n"
    "book/remains\twon_award\taward/booker\n"
    "person/ishiguro\twon_award\taward/booker\n"
    "person/shaw\toccupation\toccupation/director\n"
    "film/jaws\trelease_year\tyear/1975\n"
    "film/jaws\tdistributor\tcompany/universal\n";

constexpr std::string_view kPassageNames =
    "film/jaws\tJaws\nfilm/duel\tDuel\nperson/spielberg\tSteven Spielberg\nperson/scheider\tRoy Scheider\n"
    "person/shaw\tRobert Shaw\ncity/cincinnati\tCincinnati\ncity/orange\tOrange\ncity/westhoughton\tWesthoughton\n"
    "occupation/director\tfilm director\nbook/remains\tThe Remains of the Day\naward/booker\tBooker Prize\n"
    "person/ishiguro\tKazuo Ishiguro\nyear/1975\t1975\ncompany/universal\tUniversal Pictures\n";

constexpr std::string_view kPassageTypes =
    "film/jaws\tfilm\nfilm/duel\tfilm\nperson/spielberg\tperson\nperson/scheider\tperson\nperson/shaw\tperson\n"
    "city/cincinnati\tcity\ncity/orange\tcity\ncity/westhoughton\tcity\nbook/remains\tbook\n"
    "person/ishiguro\tperson\n";

const std::unordered_map<std::string, std::string> kPassagePhrasings = {
    {"directed_by", "[film > person] {head} was directed by {tail}. | {tail} directed {head}."},
    {"starring", "[film > person] {head} starred {tail}. | {tail} starred in {head}."},
    {"place_of_birth", "[person > city] {head} was born in {tail}. | {head} is a native of {tail}."},
    {"release_year", "[film > year] {head} was released in {tail}. | {head} came out in {tail}."},
    {"distributor", "[film > company] {head} was released by {tail}."},
    {"occupation", "[person > occupation] {head} has worked as {a tail}."},
    {"won_award", "[person > award] {head} won the {tail}."},
};

class CitationPassage : public ::testing::Test {
 protected:
  void SetUp() override {
    ProblemCounts problems;
    MemoryGraphBuilder b;
    add_triples(b, {"triples.tsv", kPassageTriples}, TripleFormat::Auto, problems);
    for (auto& [k, v] : read_two_column_table({"names.tsv", kPassageNames}, problems)) b.set_name(k, v);
    for (auto& [k, v] : read_two_column_table({"types.tsv", kPassageTypes}, problems)) b.set_type(k, v);
    kg_ = std::make_unique<MemoryGraph>(b.build());
  }
  Triple fact(std::string_view head, std::string_view relation, std::string_view tail) const {
    return {*kg_->find_entity(head), *kg_->find_relation(relation), *kg_->find_entity(tail)};
  }
  std::string cite(const std::vector<Triple>& facts, std::size_t passages = 1) const {
    const Verbalizer v(*kg_, kPassagePhrasings);
    const std::vector<std::size_t> first(facts.size(), 0);  // each relation's first sentence
    return v.citation(facts, first, passages);
  }
  std::unique_ptr<MemoryGraph> kg_;
};

TEST_F(CitationPassage, TopicFirstItsFactsInOneSentenceThenWhatItNames) {
  // Shuffled as the builder shuffles them; Jaws heads the most facts.
  const std::string text =
      cite({fact("person/scheider", "place_of_birth", "city/orange"), fact("film/jaws", "starring", "person/shaw"),
            fact("film/jaws", "directed_by", "person/spielberg"), fact("film/jaws", "starring", "person/scheider"),
            fact("person/spielberg", "place_of_birth", "city/cincinnati")});
  // The topic with its facts in one sentence (one as a clause), one relation's objects as
  // a list, then the people it names, by surname where no other name has it.
  EXPECT_EQ(text,
            "[1] Jaws, which starred Robert Shaw and Roy Scheider, was directed by Steven Spielberg. Scheider was "
            "born in Orange. Spielberg is a native of Cincinnati.");
}

TEST_F(CitationPassage, WhatWasSaidOfAnotherSubjectIsSaidAgainWithAlso) {
  const std::string text = cite({fact("person/spielberg", "occupation", "occupation/director"),
                                 fact("person/spielberg", "place_of_birth", "city/cincinnati"),
                                 fact("person/shaw", "occupation", "occupation/director"),
                                 fact("person/shaw", "place_of_birth", "city/westhoughton")});
  EXPECT_NE(text.find("has also worked as a film director"), std::string::npos) << text;
  // One relation of two subjects in two phrasings, not one stock sentence twice.
  EXPECT_NE(text.find("was born in"), std::string::npos) << text;
  EXPECT_NE(text.find("is a native of"), std::string::npos) << text;
}

TEST_F(CitationPassage, OneSubjectsFactsDoNotEchoAWord) {
  // "Jaws, which was released in 1975, was released by Universal Pictures" reads as a slip.
  const std::string text =
      cite({fact("film/jaws", "release_year", "year/1975"), fact("film/jaws", "distributor", "company/universal")});
  EXPECT_NE(text.find("came out in 1975"), std::string::npos) << text;
  EXPECT_NE(text.find("was released by Universal Pictures"), std::string::npos) << text;
}

TEST_F(CitationPassage, ThePersonFromTheKgTypeNotFromThePhrasing) {
  // won_award calls its head a person; the KG says The Remains of the Day is a book.
  const std::string text =
      cite({fact("book/remains", "won_award", "award/booker"), fact("person/ishiguro", "won_award", "award/booker")});
  EXPECT_EQ(text.find("The Remains of the Day, who"), std::string::npos) << text;
  EXPECT_NE(text.find("The Remains of the Day and Kazuo Ishiguro won the Booker Prize."), std::string::npos) << text;
}

TEST_F(CitationPassage, RolesAreNotMadePluralWithTheirArticle) {
  const std::string text = cite({fact("person/spielberg", "occupation", "occupation/director"),
                                 fact("person/scheider", "place_of_birth", "city/orange")});
  EXPECT_NE(text.find("Steven Spielberg has worked as a film director."), std::string::npos) << text;
}

TEST_F(CitationPassage, TwoPassagesRestartTheNames) {
  const std::vector<Triple> facts = {fact("film/jaws", "directed_by", "person/spielberg"),
                                     fact("film/duel", "directed_by", "person/spielberg"),
                                     fact("person/spielberg", "place_of_birth", "city/cincinnati"),
                                     fact("person/shaw", "place_of_birth", "city/westhoughton")};
  const std::string one = cite(facts, 1), two = cite(facts, 2);
  EXPECT_EQ(one.find("[2]"), std::string::npos) << one;
  ASSERT_NE(two.find(" [2] "), std::string::npos) << two;
  // Every name of the facts is in the text, in full, whatever the plan.
  for (const std::string& text : {one, two})
    for (std::string_view name : {"Jaws", "Duel", "Steven Spielberg", "Cincinnati", "Robert Shaw", "Westhoughton"})
      EXPECT_NE(text.find(name), std::string::npos) << name << " in " << text;
}

}  // namespace
