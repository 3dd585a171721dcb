// The comparison and negation levels (issue 42) on a small hand-written KG: what each
// query asks, the texts, and the contradictory edits that give the levels their labels.
#include <gtest/gtest.h>

#include "caqa/kg/comparison_query.h"
#include "caqa/kg/kg_text.h"
#include "caqa/kg/negation_query.h"
#include "caqa/kg/verbalizer.h"

namespace later_levels_test {

using namespace caqa::kg;

// Three films by one director (1975, 1982, 1998), one by another; birthplaces and countries.
constexpr std::string_view kTriples =
    "film/jaws\tdirected_by\tperson/spielberg\n"
    "film/jaws\trelease_year\tyear/1975\n"
    "film/et\tdirected_by\tperson/spielberg\n"
    "film/et\trelease_year\tyear/1982\n"
    "film/ryan\tdirected_by\tperson/spielberg\n"
    "film/ryan\trelease_year\tyear/1998\n"
    "film/bttf\tdirected_by\tperson/zemeckis\n"
    "film/bttf\trelease_year\tyear/1985\n"
    "person/spielberg\tplace_of_birth\tcity/cincinnati\n"
    "person/zemeckis\tplace_of_birth\tcity/chicago\n"
    "city/cincinnati\tcountry\tcountry/usa\n"
    "city/chicago\tcountry\tcountry/usa\n";

constexpr std::string_view kNames =
    "film/jaws\tJaws\nfilm/et\tE.T.\nfilm/ryan\tSaving Private Ryan\nfilm/bttf\tBack to the Future\n"
    "person/spielberg\tSteven Spielberg\nperson/zemeckis\tRobert Zemeckis\ncity/cincinnati\tCincinnati\n"
    "city/chicago\tChicago\ncountry/usa\tthe United States\nyear/1975\t1975\nyear/1982\t1982\nyear/1998\t1998\n"
    "year/1985\t1985\n";

constexpr std::string_view kTypes =
    "film/jaws\tfilm\nfilm/et\tfilm\nfilm/ryan\tfilm\nfilm/bttf\tfilm\nperson/spielberg\tperson\n"
    "person/zemeckis\tperson\ncity/cincinnati\tcity\ncity/chicago\tcity\nyear/1975\tyear\nyear/1982\tyear\n"
    "year/1998\tyear\nyear/1985\tyear\n";

constexpr std::string_view kPhrases =
    "directed_by\tWho directed {x}?\t-\tthe director of {x}\t-\tdirected {x}\t{be} directed by {x}\n"
    "place_of_birth\tWhere {be} {x} born?\t-\tthe birthplace of {x}\t-\t-\t{be} born in {x}\n"
    "release_year\tWhen {be} {x} released?\t-\tthe release year of {x}\t-\t-\t{be} released in {x}\n";

struct LevelsFixture {
  ProblemCounts problems;
  MemoryGraph kg;
  RelationProfile profile;
  StandIns stand_ins;
  QueryTemplates phrases;
  Verbalizer verbalizer;

  LevelsFixture()
      : kg(build()),
        profile(kg),
        stand_ins(kg),
        phrases(QueryTemplates::parse({"query_templates.tsv", kPhrases}, problems)),
        verbalizer(kg, {{"release_year", "{head} was released in {tail}."},
                        {"place_of_birth", "{head} was born in {tail}."},
                        {"directed_by", "{head} was directed by {tail}."}}) {
    verbalizer.set_question_phrases(&phrases);
  }
  MemoryGraph build() {
    MemoryGraphBuilder b;
    add_triples(b, {"triples.tsv", kTriples}, TripleFormat::Auto, problems);
    for (auto& [k, v] : read_two_column_table({"names.tsv", kNames}, problems)) b.set_name(k, v);
    for (auto& [k, v] : read_two_column_table({"types.tsv", kTypes}, problems)) b.set_type(k, v);
    return b.build();
  }
  EntityId id(std::string_view key) const { return *kg.find_entity(key); }
  ResolvedQuery asks_of(std::string_view key, std::string_view relation) const {
    ResolvedQuery q;
    q.patterns.push_back({Node{false, id(key)}, *kg.find_relation(relation), Node{true, 0}});
    q.variables = {"?a"};
    return q;
  }
};

TEST(LaterLevels, ComparisonAsksFilmsOfOneDirectorAndOrdersThem) {
  LevelsFixture f;
  const RelationId year = *f.kg.find_relation("release_year");
  EXPECT_TRUE(orderable(f.kg, f.profile, year));
  EXPECT_FALSE(orderable(f.kg, f.profile, *f.kg.find_relation("directed_by")));
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    caqa::Rng rng(seed);
    const auto query = comparison_query(f.asks_of("film/jaws", "directed_by"), {}, f.kg, f.profile,
                                        orderable_relations(f.kg, f.profile), nullptr, rng);
    ASSERT_TRUE(query);
    EXPECT_EQ(query->complexity, caqa::Complexity::Comparison);
    ASSERT_GE(query->branches.size(), 2u);
    // Back to the Future (another director) is never compared with Jaws.
    for (const auto& branch : query->branches) EXPECT_NE(branch.patterns[0].head.id, f.id("film/bttf"));
    const auto g = ground_attribution(*query, f.kg, rng);
    ASSERT_TRUE(g);
    const auto values = compared_values(*query, *g, f.kg);
    ASSERT_EQ(values.size(), query->branches.size());
    const std::size_t winner = comparison_winner(*query, values);
    for (const auto& v : values)
      EXPECT_TRUE(query->latest ? v.number <= values[winner].number : v.number >= values[winner].number);
    const auto question = f.verbalizer.comparison_question(*query, *g);
    ASSERT_TRUE(question);
    EXPECT_TRUE(question->starts_with("Which was released ")) << *question;
    const std::string answer = f.verbalizer.comparison_answer(*query, *g);
    EXPECT_TRUE(answer.starts_with(std::string(f.kg.entity_name(values[winner].entity)) + " was released in"))
        << answer;
    EXPECT_NE(answer.find(query->latest ? " after " : " before "), std::string::npos) << answer;
    // The contradictory edit reverses the order or ties it.
    const auto edit = order_reversal(*query, *g, f.kg, f.stand_ins, rng);
    ASSERT_TRUE(edit);
    Attribution edited = *g;
    for (auto& d : edited.derivations) d.triples = {edit->subgraph[d.branch]};
    const auto after = compared_values(*query, edited, f.kg);
    bool reversed_or_tied = false;
    for (std::size_t i = 0; i < after.size(); ++i)
      if (i != winner &&
          (query->latest ? after[i].number >= after[winner].number : after[i].number <= after[winner].number))
        reversed_or_tied = true;
    EXPECT_TRUE(reversed_or_tied) << answer;
  }
}

TEST(LaterLevels, NegationAsksAlongARelationThatHoldsOnce) {
  LevelsFixture f;
  std::vector<bool> negatable(f.kg.relation_count(), false);
  negatable[*f.kg.find_relation("place_of_birth")] = true;
  const auto subject = [&](RelationId r) { return f.verbalizer.names_a_subject(r); };
  int denied = 0, affirmed = 0, chains = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    caqa::Rng rng(seed);
    const auto query = negation_query(f.asks_of("film/jaws", "directed_by"), {f.id("person/spielberg")}, f.kg,
                                      f.profile, f.stand_ins, negatable, nullptr, subject, rng);
    ASSERT_TRUE(query);
    EXPECT_EQ(query->complexity, caqa::Complexity::Negation);
    const auto g = ground_attribution(*query, f.kg, rng);
    ASSERT_TRUE(g);
    EXPECT_EQ(negated_fact(*g).tail, f.id("city/cincinnati"));
    const auto question = f.verbalizer.negation_question(*query, *g);
    ASSERT_TRUE(question);
    const std::string answer = f.verbalizer.negation_answer(*query, *g);
    chains += query->branches[0].patterns.size() == 2;
    if (query->denied != kNone) {
      ++denied;
      EXPECT_EQ(query->denied, f.id("city/chicago"));  // the only other city
      EXPECT_NE(question->find("born in Chicago?"), std::string::npos) << *question;
      EXPECT_TRUE(answer.starts_with("No, ")) << answer;
      // A denying question's contradictory citation states the denied value.
      const auto edit = denied_value_stated(*query, *g);
      ASSERT_TRUE(edit);
      EXPECT_EQ(edit->subgraph.back().tail, f.id("city/chicago"));
    } else {
      ++affirmed;
      EXPECT_NE(question->find("born in Cincinnati?"), std::string::npos) << *question;
      EXPECT_TRUE(answer.starts_with("Yes, ")) << answer;
      EXPECT_FALSE(denied_value_stated(*query, *g));
    }
    if (query->branches[0].patterns.size() == 2)
      EXPECT_TRUE(question->starts_with("Was the director of Jaws born in ")) << *question;
    else
      EXPECT_TRUE(question->starts_with("Was Steven Spielberg born in ")) << *question;
  }
  EXPECT_GT(denied, 0);
  EXPECT_GT(affirmed, 0);
  EXPECT_GT(chains, 0);
}

}  // namespace later_levels_test
