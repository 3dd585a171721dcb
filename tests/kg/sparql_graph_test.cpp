// The pieces of caqa build --sparql that run without an endpoint: the Freebase relation
// IRIs, the canonical (key) order both backends share, the CSV reader, and the misses a
// snapshot records. The whole path against a real Virtuoso: tests/cli/virtuoso_parity_test.sh.
#include <gtest/gtest.h>

#include "caqa/kg/import_fb15k.h"
#include "caqa/kg/memory_graph.h"
#include "kg/sparql_client.h"
#include "kg/sparql_graph.h"

namespace caqa::kg {
namespace {

TEST(FreebaseRelationIri, CvtPathsRoundTrip) {
  EXPECT_EQ(freebase_relation_local_name("/film/actor/film./film/performance/film"),
            "film.actor.film..film.performance.film");
  EXPECT_EQ(freebase_relation_from_local_name("film.actor.film..film.performance.film"),
            "/film/actor/film./film/performance/film");
  EXPECT_EQ(freebase_relation_local_name("/people/person/nationality"), "people.person.nationality");
  EXPECT_EQ(freebase_relation_from_local_name("people.person.nationality"), "/people/person/nationality");
}

TEST(MemoryGraphOrder, EntitiesRelationsAndTypesNumberedByKey) {
  MemoryGraphBuilder b;
  b.add_triple("m.z", "r2", "m.b");
  b.add_triple("m.a", "r1", "m.z");
  b.set_type("m.z", "t2");
  b.set_type("m.a", "t1");
  b.set_name("m.b", "Bee");
  MemoryGraph g = b.build();
  ASSERT_EQ(g.entity_count(), 3u);
  EXPECT_EQ(g.entity_key(0), "m.a");
  EXPECT_EQ(g.entity_key(1), "m.b");
  EXPECT_EQ(g.entity_key(2), "m.z");
  EXPECT_EQ(g.relation_name(0), "r1");
  EXPECT_EQ(g.type_name(g.entity_type(0)), "t1");
  EXPECT_EQ(g.type_name(g.entity_type(2)), "t2");
  EXPECT_EQ(g.entity_name(1), "Bee");
  EXPECT_TRUE(g.has_triple({2, 1, 1}));  // m.z r2 m.b
  EXPECT_EQ(g.degree(2), 2u);
}

TEST(SparqlCsv, QuotesNewlinesAndShape) {
  auto rows = parse_sparql_csv("s,n\r\n\"http://x/a\",\"say \"\"hi\"\",\nthere\"\r\nhttp://x/b,\r\n");
  ASSERT_TRUE(rows);
  ASSERT_EQ(rows->size(), 2u);
  EXPECT_EQ((*rows)[0][1], "say \"hi\",\nthere");
  EXPECT_EQ((*rows)[1][0], "http://x/b");
  EXPECT_EQ((*rows)[1][1], "");
  EXPECT_TRUE(parse_sparql_csv("s,n\n")->empty());
  EXPECT_FALSE(parse_sparql_csv("s,n\na,b,c\n"));  // a row wider than the header
  EXPECT_FALSE(parse_sparql_csv("s\n\"open"));     // an unclosed quote
}

TEST(SparqlSnapshot, RecordsWhatItDoesNotKnow) {
  SparqlClient client(SparqlSettings{});
  SparqlGraph fetched(client, "", 200);
  auto snapshot = fetched.snapshot();
  EXPECT_FALSE(snapshot->find_entity("m.0abc"));
  EXPECT_TRUE(snapshot->entities_named("Jaws").empty());
  const SparqlMisses misses = snapshot->misses();
  EXPECT_EQ(misses.edges, std::set<std::string>{"m.0abc"});
  EXPECT_EQ(misses.named, std::set<std::string>{"Jaws"});
  EXPECT_EQ(misses.size(), 2u);
}

}  // namespace
}  // namespace caqa::kg
