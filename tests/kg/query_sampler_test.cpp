// Questions sampled from a KG (query_sampler.h) and their English (query_templates.h), on a
// small hand-made KG: every sampled query returns exactly its answers over the KG.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "caqa/kg/build.h"
#include "caqa/kg/kg_text.h"
#include "caqa/kg/query_match.h"
#include "caqa/kg/query_sampler.h"

namespace {

using namespace caqa::kg;

constexpr std::string_view kFilmTriples =
    "film/jaws\tdirected_by\tperson/spielberg\n"
    "film/jaws\trelease_year\tyear/1975\n"
    "film/jaws\tmusic_by\tperson/williams\n"
    "film/et\tdirected_by\tperson/spielberg\n"
    "film/et\trelease_year\tyear/1982\n"
    "film/et\tmusic_by\tperson/williams\n"
    "film/ryan\tdirected_by\tperson/spielberg\n"
    "film/ryan\tstarring\tperson/hanks\n"
    "film/ryan\trelease_year\tyear/1998\n"
    "film/forrest\tdirected_by\tperson/zemeckis\n"
    "film/forrest\tstarring\tperson/hanks\n"
    "film/forrest\trelease_year\tyear/1994\n"
    "film/forrest\tmusic_by\tperson/silvestri\n"
    "film/bttf\tdirected_by\tperson/zemeckis\n"
    "film/bttf\trelease_year\tyear/1985\n"
    "film/bttf\tmusic_by\tperson/silvestri\n"
    "film/halloween_1978\tdirected_by\tperson/carpenter\n"
    "film/halloween_2007\tdirected_by\tperson/zombie\n"
    "person/spielberg\tplace_of_birth\tcity/cincinnati\n"
    "person/zemeckis\tplace_of_birth\tcity/chicago\n"
    "person/hanks\tplace_of_birth\tcity/concord\n"
    "person/williams\tplace_of_birth\tcity/floral_park\n"
    "person/williams\toccupation\toccupation/composer\n"
    "person/silvestri\toccupation\toccupation/composer\n"
    "person/hanks\toccupation\toccupation/actor\n"
    "city/cincinnati\tcountry\tcountry/us\n"
    "city/chicago\tcountry\tcountry/us\n";

constexpr std::string_view kFilmNames =
    "film/jaws\tJaws\nfilm/et\tE.T.\nfilm/ryan\tSaving Private Ryan\nfilm/forrest\tForrest Gump\n"
    "film/bttf\tBack to the Future\nfilm/halloween_1978\tHalloween\nfilm/halloween_2007\tHalloween\n"
    "person/spielberg\tSteven Spielberg\nperson/zemeckis\tRobert Zemeckis\nperson/hanks\tTom Hanks\n"
    "person/williams\tJohn Williams\nperson/silvestri\tAlan Silvestri\nperson/carpenter\tJohn Carpenter\n"
    "person/zombie\tRob Zombie\ncountry/us\tUnited States\noccupation/actor\tactor\n"
    "occupation/composer\tcomposer\n";

constexpr std::string_view kTemplates =
    "directed_by\tWho directed {x}?\tWhich films did {x} direct?\tthe director of {x}\tthe film directed by "
    "{x}\tdirected {x}\t{be} directed by {x}\n"
    "starring\tWho starred in {x}?\tWhich films did {x} star in?\tthe star of {x}\tthe film starring {x}\tstarred "
    "in {x}\tstarred {x}\n"
    "release_year\tWhen was {x} released?\tWhat was released in {x}?\tthe release year of {x}\t-\tsaw the release "
    "of {x}\t{be} released in {x}\n"
    "music_by\tWho composed the music for {x}?\tWhich films did {x} compose the music for?\tthe composer of "
    "{x}\tthe film scored by {x}\tcomposed the music for {x}\t{be} scored by {x}\n"
    "place_of_birth\tWhere was {x} born?\tWho was born in {x}?\tthe birthplace of {x}\tthe person born in "
    "{x}\t{is} the birthplace of {x}\t{be} born in {x}\n"
    "occupation\tWhat is the occupation of {x}?\tWho has worked as {a x}?\tthe occupation of {x}\t-\t-\tworked as "
    "{a x}\n"
    "country\tIn which country is {x}?\tWhich cities are in {x}?\tthe country where {x} lies\tthe city in "
    "{x}\tcontains {x}\t{is} in {x}\n"
    "the\tUnited States\n";

class QuerySamplerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ProblemCounts problems;
    MemoryGraphBuilder builder;
    add_triples(builder, {"triples", kFilmTriples}, TripleFormat::Tsv, problems);
    for (auto& [key, name] : read_two_column_table({"names", kFilmNames}, problems)) builder.set_name(key, name);
    for (auto& [key, name] : read_two_column_table({"names", kFilmNames}, problems))
      builder.set_type(key, key.substr(0, key.find('/')));
    graph = builder.build();
    templates = QueryTemplates::parse({"templates", kTemplates}, problems);
    ASSERT_TRUE(problems.empty());
  }

  // The answer keys the query gives over the whole KG, each binding of distinct nodes.
  std::vector<std::string> run(const LogicalQuery& query) const {
    ProblemCounts problems;
    auto resolved = resolve(query, graph, problems, "q");
    EXPECT_TRUE(resolved);
    std::set<std::string> keys;
    for (const auto& b : match(*resolved, graph, 1000)) {
      EXPECT_TRUE(distinct_nodes(*resolved, b));
      keys.insert(std::string(graph.entity_key(b[0])));
    }
    return {keys.begin(), keys.end()};
  }

  MemoryGraph graph;
  QueryTemplates templates;
};

TEST_F(QuerySamplerTest, EveryQueryReturnsExactlyItsAnswers) {
  auto questions = sample_questions(graph, templates, {}, 40, 13);
  ASSERT_GE(questions.size(), 20u);
  std::set<QueryShape> shapes;
  for (const auto& q : questions) {
    SCOPED_TRACE(q.text);
    auto shape = q.query.shape();
    ASSERT_TRUE(shape);
    shapes.insert(*shape);
    EXPECT_EQ(run(q.query), q.answers);
    EXPECT_GE(q.answers.size(), 1u);
    EXPECT_LE(q.answers.size(), kMaxSampledAnswers);
    EXPECT_EQ(q.source, "sampled");
    EXPECT_EQ(q.text.back(), '?');
    EXPECT_EQ(q.text.find('{'), std::string::npos);
    // "Halloween" names two films: only a single asks about it, and of the first film
    // of the name (the one the builder's union extension starts from).
    if (q.text.find("Halloween") != std::string::npos) {
      EXPECT_EQ(*shape, QueryShape::Single);
      EXPECT_EQ(q.query.patterns[0].head.text, "film/halloween_1978");
    }
  }
  EXPECT_EQ(shapes.size(), 3u) << "single, path and tree";
}

TEST_F(QuerySamplerTest, TreesNameTheirAnswersByTypeAndNumber) {
  std::size_t trees = 0;
  for (const auto& q : sample_questions(graph, templates, {}, 5000, 13)) {
    if (q.query.shape() != QueryShape::Tree) continue;
    ++trees;
    SCOPED_TRACE(q.text);
    bool people = q.answers[0].starts_with("person/");
    EXPECT_EQ(q.text.starts_with("Who "), people);
    if (q.text.starts_with("Which films ")) EXPECT_GT(q.answers.size(), 1u);
    if (q.text.starts_with("Which film ")) EXPECT_EQ(q.answers.size(), 1u);
  }
  EXPECT_GT(trees, 0u);
}

TEST_F(QuerySamplerTest, UntypedKgAsksWhoFromTheTemplates) {
  ProblemCounts problems;
  MemoryGraphBuilder builder;
  add_triples(builder, {"triples", kFilmTriples}, TripleFormat::Tsv, problems);
  for (auto& [key, name] : read_two_column_table({"names", kFilmNames}, problems)) builder.set_name(key, name);
  MemoryGraph untyped = builder.build();
  std::size_t trees = 0;
  for (const auto& q : sample_questions(untyped, templates, {}, 5000, 13)) {
    if (q.query.shape() != QueryShape::Tree) continue;
    ++trees;
    SCOPED_TRACE(q.text);
    EXPECT_EQ(q.text.starts_with("Who "), q.answers[0].starts_with("person/"));
    EXPECT_TRUE(q.text.starts_with("Who ") || q.text.starts_with("What "));
  }
  EXPECT_GT(trees, 0u);
}

TEST_F(QuerySamplerTest, SameSeedSameQuestionsOtherSeedOthers) {
  auto a = sample_questions(graph, templates, {}, 15, 7), b = sample_questions(graph, templates, {}, 15, 7);
  auto c = sample_questions(graph, templates, {}, 15, 8);
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].id, b[i].id);
    EXPECT_EQ(a[i].text, b[i].text);
    EXPECT_EQ(a[i].query.patterns, b[i].query.patterns);
  }
  bool differs = a.size() != c.size();
  for (std::size_t i = 0; !differs && i < a.size(); ++i) differs = a[i].text != c[i].text;
  EXPECT_TRUE(differs);
}

TEST_F(QuerySamplerTest, MoreThanPossibleGivesFewerWithoutDuplicates) {
  auto questions = sample_questions(graph, templates, {}, 5000, 13);
  EXPECT_LT(questions.size(), 5000u);
  std::set<std::string> ids, texts;
  for (const auto& q : questions) {
    EXPECT_TRUE(ids.insert(q.id).second) << q.id;
    EXPECT_TRUE(texts.insert(q.text).second) << q.text;
  }
  EXPECT_EQ(questions.front().id, "s00001");
}

TEST_F(QuerySamplerTest, AvoidsTheGivenQuestions) {
  Question given;
  given.id = "s00001";
  given.text = "Who directed Jaws?";
  given.query.patterns = {{{"film/jaws"}, "directed_by", {"?a"}}};
  auto questions = sample_questions(graph, templates, std::span(&given, 1), 5000, 13);
  for (const auto& q : questions) {
    EXPECT_NE(q.id, given.id);
    EXPECT_NE(q.query.patterns, given.query.patterns);
  }
}

TEST_F(QuerySamplerTest, NoTemplatesNoQuestions) {
  EXPECT_TRUE(sample_questions(graph, QueryTemplates{}, {}, 10, 13).empty());
}

TEST(QuerySamplerBuild, AKgWithoutQuestionsYieldsABenchmark) {
  std::string types;
  for (auto line : {"film/jaws", "film/et", "film/ryan", "film/forrest", "film/bttf", "person/spielberg",
                    "person/zemeckis", "person/hanks", "person/williams", "person/silvestri"})
    types += std::string(line) + "\t" + std::string(line).substr(0, std::string(line).find('/')) + "\n";
  BuildSources sources;
  sources.kg = {{"kg.tsv", kFilmTriples}};
  sources.names = {{"names.tsv", kFilmNames}};
  sources.types = {{"types.tsv", types}};
  sources.query_templates = SourceFile{"query_templates.tsv", kTemplates};
  BenchmarkOptions options;
  EXPECT_EQ(build_benchmark(sources, options).sample_count, 0u) << "no question, none sampled";
  options.sample_queries = 12;
  BuiltBenchmark built = build_benchmark(sources, options);
  EXPECT_EQ(built.stats.questions, 12u);
  EXPECT_GT(built.sample_count, 0u);
  EXPECT_TRUE(built.violations.empty());
  EXPECT_NE(built.manifest_json.find("\"sample_queries\": 12"), std::string::npos);
  EXPECT_NE(built.manifest_json.find("query_templates.tsv"), std::string::npos);
  EXPECT_EQ(build_benchmark(sources, options).train_jsonl, built.train_jsonl);
  options.sample_queries = 5000;
  EXPECT_EQ(build_benchmark(sources, options)
                .problems.counts()
                .count("sample-queries: the KG and query templates allow fewer questions"),
            1u);
}

TEST(QueryTemplates, FillsArticlesAgreementAndNounPhrases) {
  EXPECT_EQ(fill("Who has worked as {a x}?", "actor", false, false), "Who has worked as an actor?");
  EXPECT_EQ(fill("Who has worked as {a x}?", "composer", false, false), "Who has worked as a composer?");
  EXPECT_EQ(fill("Who has worked as {a x}?", "the occupation of X", true, false), std::nullopt);
  EXPECT_EQ(fill("{be} directed by {x}", "X", false, true), "were directed by X");
  EXPECT_EQ(fill("{has} {x} as its capital", "Paris", false, false), "has Paris as its capital");
  EXPECT_EQ(fill("Who won the {x}?", "the award won by Jaws", true, false), "Who won the award won by Jaws?");
  EXPECT_EQ(fill("Who won the {x}?", "Booker Prize", false, false), "Who won the Booker Prize?");
  EXPECT_EQ(fill("", "X", false, false), std::nullopt);
  EXPECT_EQ(indefinite_article("university"), "a");
  EXPECT_EQ(plural_noun("city"), "cities");
  EXPECT_EQ(plural_noun("film"), "films");
  EXPECT_EQ(plural_noun("day"), "days");
}

TEST(QueryTemplates, ParsesPhrasesAndDefiniteNames) {
  ProblemCounts problems;
  auto t = QueryTemplates::parse({"t", "directed_by\ta\tb\tc\t-\te\tf\nthe\tUnited States\nbad\tonly\n"}, problems);
  const RelationPhrases* p = t.find("directed_by");
  ASSERT_TRUE(p);
  EXPECT_EQ(p->question[0], "a");
  EXPECT_EQ(p->noun_phrase[1], "");
  EXPECT_EQ(p->clause[1], "f");
  EXPECT_EQ(t.find("bad"), nullptr);
  EXPECT_EQ(problems.total(), 1u);
  EXPECT_EQ(t.mention("United States"), "the United States");
  EXPECT_EQ(t.mention("France"), "France");
}

}  // namespace
