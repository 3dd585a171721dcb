// The serd N-Triples loader (native/kg/ntriples.h): labels, types, literal objects,
// IRI shortening without merging, malformed lines counted and skipped.
#include <gtest/gtest.h>

#if __has_include("kg/ntriples.h")

#include <filesystem>
#include <fstream>
#include <sstream>

#include "kg/ntriples.h"

namespace {

using namespace caqa::kg;

std::string fixture_text() {
  auto path = std::filesystem::path(CAQA_SOURCE_DIR) / "tests" / "fixtures" / "kg" / "ntriples" / "sample.nt";
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

struct Loaded {
  MemoryGraph kg;
  NTriplesLoad load;
  ProblemCounts problems;
};

Loaded load_text(const std::string& text) {
  Loaded l;
  MemoryGraphBuilder builder;
  l.load = add_ntriples(builder, {"sample.nt", text}, l.problems);
  l.kg = builder.build();
  return l;
}

TEST(KgImportNTriples, LabelsTypesLiteralsAndSharedLocalNames) {
  Loaded l = load_text(fixture_text());
  EXPECT_EQ(l.load.statements, 12u);
  EXPECT_EQ(l.load.triples, 5u);
  EXPECT_EQ(l.load.literal_objects, 1u);
  EXPECT_EQ(l.load.names, 3u);
  EXPECT_EQ(l.load.types, 1u);
  EXPECT_EQ(l.load.extra_types, 1u);
  EXPECT_EQ(l.load.full_iris, 2u);  // film/Jaws and book/Jaws share "Jaws"
  EXPECT_EQ(l.load.malformed_lines, 3u);
  EXPECT_EQ(l.problems.counts().at("ntriples: malformed line"), 3u);
  EXPECT_EQ(l.problems.examples("ntriples: malformed line").front().where, "sample.nt:14");

  auto film = l.kg.find_entity("http://example.org/film/Jaws");
  ASSERT_TRUE(film);
  EXPECT_TRUE(l.kg.find_entity("http://example.org/book/Jaws"));
  EXPECT_FALSE(l.kg.find_entity("Jaws"));
  EXPECT_EQ(l.kg.entity_name(*film), "Jaws");  // @en beats @fr; the first of the preferred wins
  EXPECT_EQ(l.kg.type_name(l.kg.entity_type(*film)), "Movie");

  auto spielberg = l.kg.find_entity("Spielberg");
  ASSERT_TRUE(spielberg);
  EXPECT_EQ(l.kg.entity_name(*spielberg), "Steven Spielberg");
  EXPECT_EQ(l.kg.entities_named("Steven Spielberg").size(), 1u);
  auto director = l.kg.find_relation("director");
  ASSERT_TRUE(director);
  EXPECT_TRUE(l.kg.has_triple({*film, *director, *spielberg}));
  EXPECT_TRUE(l.kg.has_triple({*l.kg.find_entity("Duel"), *director, *spielberg}));

  auto year = l.kg.find_entity("1975");  // the literal, keyed by its lexical form
  ASSERT_TRUE(year);
  EXPECT_TRUE(l.kg.has_triple({*film, *l.kg.find_relation("releaseYear"), *year}));
  EXPECT_FALSE(l.kg.find_relation("label"));  // labels and types are not triples
  EXPECT_FALSE(l.kg.find_relation("type"));

  auto benchley = l.kg.find_entity("_:benchley");
  ASSERT_TRUE(benchley);
  EXPECT_EQ(l.kg.entity_name(*benchley), "Peter Benchley");
}

TEST(KgImportNTriples, LiteralKeysKeepIrisWithTheSameLocalNameInFull) {
  Loaded l = load_text(
      "<http://e.org/a> <http://e.org/p> \"b\" .\n"
      "<http://e.org/a> <http://e.org/p> <http://e.org/x/b> .\n"
      "<http://e.org/dir/> <http://e.org/p> <http://e.org/a> .\n");
  EXPECT_TRUE(l.kg.find_entity("b"));
  EXPECT_TRUE(l.kg.find_entity("http://e.org/x/b"));
  EXPECT_TRUE(l.kg.find_entity("http://e.org/dir/"));  // no local name
  EXPECT_TRUE(l.kg.find_entity("a"));
  EXPECT_EQ(l.load.full_iris, 2u);
}

TEST(KgImportNTriples, MalformedInputIsCountedNeverFatal) {
  const std::string bad[] = {
      "",
      "<",
      "<http://e.org/a> <http://e.org/p>",
      "<http://e.org/a> <http://e.org/p> <http://e.org/b>",
      "<http://e.org/a> \"p\" <http://e.org/b> .",
      "_:x <http://e.org/p> \"\\uZZZZ\" .",
      std::string("<http://e.org/a> <http://e.org/p> \"nul") + '\0' + "byte\" .",
      "<http://e.org/a b> <http://e.org/p> <http://e.org/b> .",
      "\xff\xfe <http://e.org/p> <http://e.org/b> .",
      "<http://e.org/a> <http://e.org/p> <http://e.org/b> . <http://e.org/c> <http://e.org/p> <http://e.org/d> .",
  };
  for (const auto& line : bad) {
    Loaded l = load_text(line + "\n<http://e.org/ok> <http://e.org/p> <http://e.org/fine> .\n");
    EXPECT_TRUE(l.kg.find_entity("ok")) << line;
    EXPECT_EQ(l.load.malformed_lines + l.load.statements >= 1, true) << line;
  }
  Loaded empty = load_text("# only a comment\n\n");
  EXPECT_EQ(empty.load.statements, 0u);
  EXPECT_TRUE(empty.problems.empty());
}

}  // namespace

#endif  // kg/ntriples.h
