// A citation's padding (caqa/kg/citation_facts.h) never says what another of its facts
// says already: "Steven Spielberg has worked as a film director" beside "Jaws was directed
// by Steven Spielberg" is a stock sentence, and readers name it first.
#include <gtest/gtest.h>

#include <algorithm>

#include "caqa/kg/citation_facts.h"
#include "caqa/kg/kg_text.h"
#include "caqa/kg/memory_graph.h"
#include "caqa/rng.h"

namespace citation_facts_test {

using namespace caqa::kg;

constexpr std::string_view kTriples =
    "film/jaws\tdirected_by\tperson/spielberg\n"
    "film/alien\tdirected_by\tperson/scott\n"
    "person/spielberg\toccupation\toccupation/director\n"
    "person/spielberg\tplace_of_birth\tcity/cincinnati\n"
    "person/scott\tplace_of_birth\tcity/south_shields\n"
    "film/jaws\trelease_year\tyear/1975\n"
    "film/alien\trelease_year\tyear/1979\n";

class CitationFactsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ProblemCounts problems;
    MemoryGraphBuilder b;
    add_triples(b, {"t.tsv", kTriples}, TripleFormat::Auto, problems);
    for (std::string_view key : {"film/jaws", "film/alien", "person/spielberg", "person/scott", "occupation/director",
                                 "city/cincinnati", "city/south_shields"})
      b.set_name(std::string(key), std::string(key.substr(key.find('/') + 1)));
    kg_ = std::make_unique<MemoryGraph>(b.build());
    profile_ = std::make_unique<RelationProfile>(*kg_);
    implied_ = ImpliedFacts::parse({"i.tsv", "directed_by\t{tail} occupation occupation/director\n"}, *kg_, problems);
    ASSERT_EQ(implied_.size(), 1u);
    // Who directed Jaws?
    ResolvedQuery branch;
    branch.variables = {"?a"};
    branch.patterns = {{{false, *kg_->find_entity("film/jaws")}, *kg_->find_relation("directed_by"), {true, 0}}};
    query_.branches.push_back(branch);
    g_.supportive = {fact("film/jaws", "directed_by", "person/spielberg")};
    g_.targets = {*kg_->find_entity("person/spielberg")};
    g_.derivations.push_back({0, g_.targets[0], g_.supportive});
  }
  Triple fact(std::string_view h, std::string_view r, std::string_view t) const {
    return {*kg_->find_entity(h), *kg_->find_relation(r), *kg_->find_entity(t)};
  }
  // Whether any of 64 compositions of `core` states `t`.
  bool ever_states(const CitationFacts& padding, const std::vector<Triple>& core, const Triple& t) const {
    for (std::uint64_t seed = 1; seed <= 64; ++seed) {
      caqa::Rng rng(seed);
      const auto facts = padding.compose(core, 4, 0, 0.0, rng);
      if (std::find(facts.begin(), facts.end(), t) != facts.end()) return true;
    }
    return false;
  }
  std::unique_ptr<MemoryGraph> kg_;
  std::unique_ptr<RelationProfile> profile_;
  ImpliedFacts implied_;
  ExtendedQuery query_;
  Attribution g_;
};

TEST_F(CitationFactsTest, PaddingNeverRestatesWhatAFactImplies) {
  const Triple occupation = fact("person/spielberg", "occupation", "occupation/director");
  const CitationFacts without(query_, g_, *kg_, *profile_);
  EXPECT_TRUE(ever_states(without, g_.supportive, occupation));  // a fact the padding can draw
  const CitationFacts padding(query_, g_, *kg_, *profile_, {}, &implied_);
  EXPECT_FALSE(ever_states(padding, g_.supportive, occupation));
  // Nor in a citation without G's fact: what one label leaves out, every label does.
  const std::vector<Triple> other = {fact("film/alien", "directed_by", "person/scott")};
  EXPECT_FALSE(ever_states(padding, other, occupation));
}

}  // namespace citation_facts_test
