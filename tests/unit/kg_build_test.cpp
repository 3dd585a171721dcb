// The benchmark construction pipeline on a small hand-written KG: the graph interface,
// the builder, and build_benchmark from input bytes to documents.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <set>

#include "caqa/kg/benchmark_builder.h"
#include "caqa/kg/build.h"
#include "caqa/kg/kg_text.h"
#include "caqa/kg/question_reader.h"

namespace {

using namespace caqa::kg;

// Films, people and places; two people named "John Williams" for the union extension.
constexpr std::string_view kTriples =
    "film/jaws\tdirected_by\tperson/spielberg\r\n"
    "film/jaws\trelease_year\tyear/1975\n"
    "film/jaws\tmusic_by\tperson/jw_composer\n"
    "film/jaws\tgenre\tgenre/thriller\n"
    "film/et\tdirected_by\tperson/spielberg\n"
    "film/et\trelease_year\tyear/1982\n"
    "film/et\tmusic_by\tperson/jw_composer\n"
    "film/ryan\tdirected_by\tperson/spielberg\n"
    "film/ryan\tstarring\tperson/hanks\n"
    "film/ryan\trelease_year\tyear/1998\n"
    "film/forrest\tdirected_by\tperson/zemeckis\n"
    "film/forrest\tstarring\tperson/hanks\n"
    "film/forrest\trelease_year\tyear/1994\n"
    "film/bttf\tdirected_by\tperson/zemeckis\n"
    "film/bttf\trelease_year\tyear/1985\n"
    "person/spielberg\tplace_of_birth\tcity/cincinnati\n"
    "person/zemeckis\tplace_of_birth\tcity/chicago\n"
    "person/hanks\tplace_of_birth\tcity/concord\n"
    "person/jw_composer\tplace_of_birth\tcity/floral_park\n"
    "person/jw_guitarist\tplace_of_birth\tcity/melbourne\n"
    "person/jw_composer\toccupation\toccupation/composer\n"
    "person/jw_guitarist\toccupation\toccupation/guitarist\n"
    "person/spielberg\toccupation\toccupation/director\n"
    "city/cincinnati\tlocated_in\tcountry/usa\n"
    "city/chicago\tlocated_in\tcountry/usa\n"
    "city/concord\tlocated_in\tcountry/usa\n"
    "city/melbourne\tlocated_in\tcountry/australia\n"
    "city/floral_park\tlocated_in\tcountry/usa\n"
    "this line is malformed\n";

constexpr std::string_view kNames =
    "film/jaws\tJaws\nfilm/et\tE.T.\nfilm/ryan\tSaving Private Ryan\nfilm/forrest\tForrest Gump\n"
    "film/bttf\tBack to the Future\nperson/spielberg\tSteven Spielberg\nperson/zemeckis\tRobert Zemeckis\n"
    "person/hanks\tTom Hanks\nperson/jw_composer\tJohn Williams\nperson/jw_guitarist\tJohn Williams\n"
    "city/cincinnati\tCincinnati\ncity/chicago\tChicago\ncity/concord\tConcord\ncity/melbourne\tMelbourne\n"
    "city/floral_park\tFloral Park\n";

constexpr std::string_view kTypes =
    "film/jaws\tfilm\nfilm/et\tfilm\nfilm/ryan\tfilm\nfilm/forrest\tfilm\nfilm/bttf\tfilm\n"
    "person/spielberg\tperson\nperson/zemeckis\tperson\nperson/hanks\tperson\nperson/jw_composer\tperson\n"
    "person/jw_guitarist\tperson\ncity/cincinnati\tcity\ncity/chicago\tcity\ncity/concord\tcity\n"
    "city/melbourne\tcity\ncity/floral_park\tcity\n";

constexpr std::string_view kQuestions =
    R"({"id":"q1","question":"Who directed Jaws?","answers":["person/spielberg"],"query":[["film/jaws","directed_by","?a"]]}
{"id":"q2","question":"Where was John Williams born?","answers":["city/floral_park"],"query":[["person/jw_composer","place_of_birth","?a"]]}
{"id":"q3","question":"Where was the director of Jaws born?","answers":["city/cincinnati"],"query":[["film/jaws","directed_by","?v1"],["?v1","place_of_birth","?a"]]}
{"id":"q4","question":"Which film by Steven Spielberg starred Tom Hanks?","answers":["film/ryan"],"query":[["?a","directed_by","person/spielberg"],["?a","starring","person/hanks"]]}
{"id":"q5","question":"Which films did Robert Zemeckis direct?","answers":["film/forrest","film/bttf"],"query":[["?a","directed_by","person/zemeckis"]]}
{"id":"q6","question":"Where was Tom Hanks born?","answers":["city/concord"],"query":[["person/hanks","place_of_birth","?a"]]}
not json
{"id":"q7","question":"three hops","answers":["country/usa"],"query":[["film/jaws","directed_by","?v1"],["?v1","place_of_birth","?v2"],["?v2","located_in","?a"]]}
)";

MemoryGraph small_kg(ProblemCounts& problems) {
  MemoryGraphBuilder b;
  add_triples(b, {"triples.tsv", kTriples}, TripleFormat::Auto, problems);
  for (auto& [k, v] : read_two_column_table({"names.tsv", kNames}, problems)) b.set_name(k, v);
  for (auto& [k, v] : read_two_column_table({"types.tsv", kTypes}, problems)) b.set_type(k, v);
  return b.build();
}

}  // namespace

TEST(KgStore, AdjacencyNamesTypesAndProblems) {
  ProblemCounts problems;
  MemoryGraph kg = small_kg(problems);
  EXPECT_EQ(kg.triple_count(), 28u);
  EXPECT_EQ(problems.counts().at("triple line without 3 tab-separated fields"), 1u);
  auto spielberg = *kg.find_entity("person/spielberg");
  auto directed = *kg.find_relation("directed_by");
  EXPECT_EQ(kg.in_edges(spielberg, directed).size(), 3u);
  EXPECT_EQ(kg.entity_name(spielberg), "Steven Spielberg");
  EXPECT_EQ(kg.entities_named("John Williams").size(), 2u);
  EXPECT_EQ(kg.entities_of_type(*kg.find_type("film")).size(), 5u);
  EXPECT_EQ(kg.relation_range(directed).size(), 2u);  // Spielberg, Zemeckis
  EXPECT_TRUE(kg.has_triple({*kg.find_entity("film/jaws"), directed, spielberg}));
}

TEST(KgStore, PipeFormatAndDuplicates) {
  ProblemCounts problems;
  MemoryGraphBuilder b;
  add_triples(b, {"kb.txt", "Kismet|directed_by|William Dieterle\nKismet|directed_by|William Dieterle\n"},
              TripleFormat::Auto, problems);
  EXPECT_EQ(b.build().triple_count(), 1u);
  EXPECT_TRUE(problems.empty());
}

TEST(KgQuery, Shapes) {
  auto q = [](std::vector<TriplePattern> p) { return LogicalQuery{std::move(p)}.shape(); };
  EXPECT_EQ(q({{{"e"}, "r", {"?a"}}}), QueryShape::Single);
  EXPECT_EQ(q({{{"?a"}, "r", {"e"}}}), QueryShape::Single);
  EXPECT_EQ(q({{{"e"}, "r", {"?v1"}}, {{"?v1"}, "s", {"?a"}}}), QueryShape::Path);
  EXPECT_EQ(q({{{"?v1"}, "r", {"e"}}, {{"?a"}, "s", {"?v1"}}}), QueryShape::Path);
  EXPECT_EQ(q({{{"?a"}, "r", {"e"}}, {{"?a"}, "s", {"f"}}}), QueryShape::Tree);
  EXPECT_EQ(q({{{"?a"}, "r", {"e"}}, {{"?a"}, "s", {"e"}}}), std::nullopt);  // one subject twice
  EXPECT_EQ(q({{{"e"}, "r", {"f"}}}), std::nullopt);                         // no variable
  EXPECT_EQ(q({{{"?v1"}, "r", {"?a"}}}), std::nullopt);                      // no constant
}

TEST(KgQuery, MatchFollowsPatternsBothWays) {
  ProblemCounts problems;
  MemoryGraph kg = small_kg(problems);
  auto questions = read_questions({"q.jsonl", kQuestions}, problems);
  auto q4 = resolve(questions[3].query, kg, problems, "q4");
  ASSERT_TRUE(q4);
  auto bindings = match(*q4, kg);
  ASSERT_EQ(bindings.size(), 1u);
  EXPECT_EQ(kg.entity_key(bindings[0][0]), "film/ryan");
}

TEST(KgBuild, EveryLabelAndComplexityVerified) {
  ProblemCounts problems;
  MemoryGraph kg = small_kg(problems);
  auto questions = read_questions({"q.jsonl", kQuestions}, problems);
  EXPECT_EQ(questions.size(), 7u);
  EXPECT_EQ(problems.counts().at("question line that is not a JSON object"), 1u);
  Verbalizer verbalizer(kg, {{"directed_by", "{head} was directed by {tail}."}});
  std::set<std::pair<caqa::Label, caqa::Complexity>> seen;
  std::set<Extension> extensions;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    BuildOptions options;
    options.seed = seed;
    auto result = build_benchmark(kg, questions, verbalizer, options);
    EXPECT_TRUE(result.violations.empty()) << result.violations.front();
    EXPECT_EQ(result.problems.counts().at("path query longer than two hops"), 1u);
    for (const auto& s : result.samples) {
      seen.insert({s.label, s.complexity});
      extensions.insert(s.extension);
      EXPECT_FALSE(s.citation.empty());
      if (s.complexity == caqa::Complexity::Single) EXPECT_NE(s.label, caqa::Label::PartiallySupportive);
    }
  }
  for (auto c : caqa::kComplexities)
    for (auto l : caqa::kLabels)
      if (caqa::is_paper_level(c) && !(c == caqa::Complexity::Single && l == caqa::Label::PartiallySupportive))
        EXPECT_TRUE(seen.count({l, c})) << caqa::label_name(l) << " " << caqa::complexity_name(c);
  EXPECT_EQ(extensions.size(), 4u);
}

TEST(KgBuild, DeterministicAndSplitBySourceQuestion) {
  ProblemCounts problems;
  MemoryGraph kg = small_kg(problems);
  auto questions = read_questions({"q.jsonl", kQuestions}, problems);
  Verbalizer verbalizer(kg, {});
  BuildOptions options;
  options.test_fraction = 0.5;
  auto a = build_benchmark(kg, questions, verbalizer, options);
  std::reverse(questions.begin(), questions.end());
  auto b = build_benchmark(kg, questions, verbalizer, options);
  auto lines = [&](const BuildResult& r) {
    std::set<std::string> out;
    for (const auto& s : r.samples) out.insert(sample_json(s, kg));
    return out;
  };
  EXPECT_EQ(lines(a), lines(b));  // file order does not change any sample
  std::map<std::string, std::set<bool>> splits;
  for (const auto& s : a.samples) splits[s.source_question].insert(s.test);
  for (const auto& [q, s] : splits) EXPECT_EQ(s.size(), 1u) << q;
}

TEST(KgBuild, UnionUsesSameNameEntities) {
  ProblemCounts problems;
  MemoryGraph kg = small_kg(problems);
  auto questions = read_questions({"q.jsonl", kQuestions}, problems);
  caqa::Rng rng(3);
  auto q2 = resolve(questions[1].query, kg, problems, "q2");
  bool found = false;
  for (int i = 0; i < 20 && !found; ++i) {
    ExtendedQuery e = extend_query(*q2, QueryShape::Single, kg, rng);
    if (e.extension != Extension::Union) continue;
    found = true;
    EXPECT_EQ(e.branches.size(), 2u);
    EXPECT_EQ(e.complexity, caqa::Complexity::Union);
    EXPECT_EQ(answers_of(e, kg)->size(), 2u);  // Floral Park and Melbourne
  }
  EXPECT_TRUE(found);
}

namespace {

// A graph that owns nothing it returns, as a remote backend would: every list is a
// copy, and it counts the queries it is asked to run.
class CopyingGraph final : public KnowledgeGraph {
 public:
  explicit CopyingGraph(const MemoryGraph& g) : g_(g) {}
  std::size_t entity_count() const override { return g_.entity_count(); }
  std::size_t relation_count() const override { return g_.relation_count(); }
  std::size_t triple_count() const override { return g_.triple_count(); }
  std::size_t type_count() const override { return g_.type_count(); }
  std::string_view entity_key(EntityId e) const override { return g_.entity_key(e); }
  std::string_view entity_name(EntityId e) const override { return g_.entity_name(e); }
  bool has_name(EntityId e) const override { return g_.has_name(e); }
  TypeId entity_type(EntityId e) const override { return g_.entity_type(e); }
  std::string_view type_name(TypeId t) const override { return g_.type_name(t); }
  std::string_view relation_name(RelationId r) const override { return g_.relation_name(r); }
  std::optional<EntityId> find_entity(std::string_view key) const override { return g_.find_entity(key); }
  std::optional<RelationId> find_relation(std::string_view name) const override { return g_.find_relation(name); }
  std::optional<TypeId> find_type(std::string_view name) const override { return g_.find_type(name); }
  EdgeList out_edges(EntityId h) const override { return copy(g_.out_edges(h)); }
  EdgeList in_edges(EntityId t) const override { return copy(g_.in_edges(t)); }
  EdgeList out_edges(EntityId h, RelationId r) const override { return copy(g_.out_edges(h, r)); }
  EdgeList in_edges(EntityId t, RelationId r) const override { return copy(g_.in_edges(t, r)); }
  bool has_triple(const Triple& t) const override { return g_.has_triple(t); }
  EntityList entities_named(std::string_view name) const override { return copy(g_.entities_named(name)); }
  EntityList entities_of_type(TypeId type) const override { return copy(g_.entities_of_type(type)); }
  EntityList relation_range(RelationId r) const override { return copy(g_.relation_range(r)); }
  EntityList relation_domain(RelationId r) const override { return copy(g_.relation_domain(r)); }
  std::vector<Binding> match(const ResolvedQuery& query, std::size_t limit) const override {
    ++queries;
    return KnowledgeGraph::match(query, limit);
  }
  mutable std::size_t queries = 0;

 private:
  template <class T>
  static Listing<T> copy(const Listing<T>& borrowed) {
    return Listing<T>(std::vector<T>(borrowed.begin(), borrowed.end()));
  }
  const MemoryGraph& g_;
};

BuildSources small_sources() {
  BuildSources s;
  s.kg = {{"data/triples.tsv", kTriples}};
  s.names = {{"data/names.tsv", kNames}};
  s.types = {{"data/types.tsv", kTypes}};
  s.questions = {{"data/questions.jsonl", kQuestions}};
  s.templates = SourceFile{"data/templates.tsv", "directed_by\t{head} was directed by {tail}.\n"};
  s.sha256_hex = [](std::string_view bytes) { return "len" + std::to_string(bytes.size()); };
  return s;
}

}  // namespace

TEST(KgGraph, AnOwningBackendBuildsTheSameSamples) {
  ProblemCounts problems;
  MemoryGraph memory = small_kg(problems);
  CopyingGraph copying(memory);
  auto questions = read_questions({"q.jsonl", kQuestions}, problems);
  BuildOptions options;
  options.test_fraction = 0.5;
  auto jsonl = [&](const KnowledgeGraph& kg) {
    Verbalizer verbalizer(kg, {});
    std::string out;
    for (const auto& s : build_benchmark(kg, questions, verbalizer, options).samples) out += sample_json(s, kg) + "\n";
    return out;
  };
  std::string expected = jsonl(memory);
  EXPECT_FALSE(expected.empty());
  EXPECT_EQ(jsonl(copying), expected);
  EXPECT_GT(copying.queries, 0u);  // query execution went through the graph
}

TEST(KgPipeline, BuildsDocumentsFromBytes) {
  BenchmarkOptions options;
  options.build.test_fraction = 0.5;
  std::size_t loaded_calls = 0, reports = 0;
  BuildObserver observer;
  observer.loaded = [&](const GraphSummary& g) {
    ++loaded_calls;
    EXPECT_EQ(g.triples, 28u);
  };
  observer.import_report = [&](std::string_view) { ++reports; };
  BuiltBenchmark a = build_benchmark(small_sources(), options, observer);
  EXPECT_EQ(loaded_calls, 1u);
  EXPECT_EQ(reports, 0u);  // no importer ran: caqa question JSON Lines only
  auto lines = [](const std::string& text) {
    return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
  };
  EXPECT_EQ(lines(a.train_jsonl) + lines(a.test_jsonl), a.sample_count);
  EXPECT_GT(lines(a.test_jsonl), 0u);
  // Table 4, then the shortcut audit of the split built.
  EXPECT_TRUE(a.statistics_md.starts_with(statistics_markdown(a.stats)));
  EXPECT_NE(a.statistics_md.find("## Shortcut audit"), std::string::npos);
  EXPECT_TRUE(a.violations.empty());
  EXPECT_EQ(a.problems.counts().at("path query longer than two hops"), 1u);
  EXPECT_EQ(a.problems.counts().at("triple line without 3 tab-separated fields"), 1u);
  // The manifest names each input by file name in reading order, hashes every document.
  const std::string& m = a.manifest_json;
  std::size_t triples = m.find("\"path\": \"triples.tsv\""), names = m.find("\"path\": \"names.tsv\"");
  std::size_t templates = m.find("\"path\": \"templates.tsv\"");
  ASSERT_NE(triples, std::string::npos);
  EXPECT_LT(triples, names);
  EXPECT_LT(names, templates);
  EXPECT_NE(m.find("\"sha256\": \"len" + std::to_string(a.test_jsonl.size()) + "\""), std::string::npos);
  auto docs = a.documents();
  ASSERT_EQ(docs.size(), 4u);
  EXPECT_EQ(docs.back().first, "manifest.json");
  // Same bytes in, same bytes out.
  BuiltBenchmark b = build_benchmark(small_sources(), options);
  EXPECT_EQ(a.train_jsonl, b.train_jsonl);
  EXPECT_EQ(a.test_jsonl, b.test_jsonl);
  EXPECT_EQ(a.manifest_json, b.manifest_json);
  options.max_questions = 2;
  EXPECT_LT(build_benchmark(small_sources(), options).sample_count, a.sample_count);
}

TEST(KgPipeline, AnyOrderOfTheParallelWorkBuildsTheSameBytes) {
  BenchmarkOptions options;
  options.build.test_fraction = 0.5;
  const BuiltBenchmark in_order = build_benchmark(small_sources(), options);
  // A runner that runs the items backwards, as threads finishing out of order might.
  std::size_t calls = 0;
  options.parallel = [&](std::size_t count, const std::function<void(std::size_t)>& body) {
    ++calls;
    for (std::size_t i = count; i-- > 0;) body(i);
  };
  const BuiltBenchmark backwards = build_benchmark(small_sources(), options);
  EXPECT_GT(calls, 0u);
  EXPECT_GT(in_order.sample_count, 0u);
  for (std::size_t d = 0; d < in_order.documents().size(); ++d)
    EXPECT_EQ(*backwards.documents()[d].second, *in_order.documents()[d].second) << in_order.documents()[d].first;
}

TEST(KgPipeline, NTriplesWithoutAParserIsASkippedInput) {
  BuildSources s = small_sources();
  s.kg.push_back({"extra/graph.nt", "<a> <b> <c> .\n"});
  BuiltBenchmark built = build_benchmark(s, {});
  EXPECT_EQ(built.problems.counts().at("kg: N-Triples needs the native parser"), 1u);
  EXPECT_FALSE(built.clean());
  EXPECT_NE(format_build_summary(built).find("kg: N-Triples needs the native parser"), std::string::npos);
}
