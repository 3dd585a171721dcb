// The SPARQL basic-graph-pattern subset (question_sparql.h): accepted shapes with their
// patterns, rejected shapes with their reason.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "caqa/kg/question_sparql.h"
#include "kg_test_support.h"

namespace {

using namespace caqa::kg;
using caqa::test::pattern;

const std::string kPrefix = "PREFIX ns: <http://rdf.freebase.com/ns/>\n";

std::string select_x(const std::string& body) { return kPrefix + "SELECT DISTINCT ?x\nWHERE {\n" + body + "}\n"; }

TEST(KgImportSparql, WebQspStyleQueryWithTopicAndLanguageFilters) {
  QuestionSparqlParse p =
      parse_question_sparql(select_x("FILTER (?x != ns:m.01ps2h8)\n"
                                     "FILTER (!isLiteral(?x) OR lang(?x) = '' OR langMatches(lang(?x), 'en'))\n"
                                     "ns:m.01ps2h8 ns:film.actor.film ?y .\n"
                                     "?y ns:film.performance.character ?x .  # the role\n"
                                     "?y ns:film.performance.film ns:m.017gl1 .\n"));
  ASSERT_TRUE(p.ok()) << sparql_reject_reason(p.reject) << " at " << p.detail;
  EXPECT_EQ(p.query.answer, "?x");
  EXPECT_EQ(p.query.dropped_filters, 2u);
  ASSERT_EQ(p.query.patterns.size(), 3u);
  EXPECT_EQ(p.query.patterns[0], pattern("m.01ps2h8", "film.actor.film", "?y"));
  EXPECT_EQ(p.query.patterns[1], pattern("?y", "film.performance.character", "?x"));
  EXPECT_EQ(p.query.patterns[2], pattern("?y", "film.performance.film", "m.017gl1"));
}

TEST(KgImportSparql, GrailQaWrapperValuesAndClassPatterns) {
  QuestionSparqlParse p = parse_question_sparql(
      "PREFIX rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#> PREFIX : <http://rdf.freebase.com/ns/> \n"
      "SELECT (?x0 AS ?value) WHERE {\nSELECT DISTINCT ?x0  WHERE { \n"
      "?x0 :type.object.type :theater.play . \nVALUES ?x1 { :m.0yrlqjm } \n"
      "?x0 :theater.play.productions ?x1 . \nFILTER ( ?x0 != ?x1  )\n}\n}");
  ASSERT_TRUE(p.ok()) << sparql_reject_reason(p.reject) << " at " << p.detail;
  EXPECT_EQ(p.query.answer, "?x0");
  EXPECT_EQ(p.query.dropped_class_patterns, 1u);
  ASSERT_EQ(p.query.patterns.size(), 1u);
  EXPECT_EQ(p.query.patterns[0], pattern("?x0", "theater.play.productions", "m.0yrlqjm"));
}

TEST(KgImportSparql, PredicateAndObjectListsFullIrisAndDollarVariables) {
  QuestionSparqlParse p = parse_question_sparql(
      "SELECT $x WHERE { <http://rdf.freebase.com/ns/m.1> <http://example.org/knows> $x , ?y ; "
      "a <http://example.org/Person> . ?x <http://rdf.freebase.com/ns/p.q.r> ?y }");
  ASSERT_TRUE(p.ok()) << sparql_reject_reason(p.reject) << " at " << p.detail;
  EXPECT_EQ(p.query.answer, "?x");
  ASSERT_EQ(p.query.patterns.size(), 3u);
  EXPECT_EQ(p.query.patterns[0], pattern("m.1", "http://example.org/knows", "?x"));
  EXPECT_EQ(p.query.patterns[1], pattern("m.1", "http://example.org/knows", "?y"));
  EXPECT_EQ(p.query.patterns[2], pattern("?x", "p.q.r", "?y"));
  EXPECT_EQ(p.query.dropped_class_patterns, 1u);
}

TEST(KgImportSparql, StatementsRunTogetherOnOneLine) {
  QuestionSparqlParse p = parse_question_sparql(select_x("?z ns:a.b.team ?x .?x ns:a.b.mascot ns:m.0x .\n"));
  ASSERT_TRUE(p.ok()) << sparql_reject_reason(p.reject) << " at " << p.detail;
  EXPECT_EQ(p.query.patterns.size(), 2u);
}

struct Rejected {
  const char* name;
  std::string sparql;
  SparqlReject reason;
};

TEST(KgImportSparql, RejectsEverythingOutsideTheSubsetWithItsReason) {
  const std::string triple = "ns:m.0a ns:r.s.t ?x .\n";
  const Rejected cases[] = {
      {"order by", select_x(triple + "?x ns:r.s.date ?sk0 .\n") + "ORDER BY DESC(xsd:datetime(?sk0))\nLIMIT 1\n",
       SparqlReject::OrderBy},
      {"limit", select_x(triple) + "LIMIT 1\n", SparqlReject::LimitOffset},
      {"optional", select_x(triple + "OPTIONAL { ?x ns:r.s.u ?y }\n"), SparqlReject::Optional},
      {"union", select_x("{ " + triple + "} UNION { ns:m.0b ns:r.s.t ?x . }\n"), SparqlReject::Union},
      {"nested group", select_x("{ " + triple + "}\n"), SparqlReject::NestedGroup},
      {"union after a triple without '.'",
       select_x("?x ns:r.s.t ns:m.0a\n{ ?x ns:r.s.u ns:m.0b . }\nUNION\n{ ?x ns:r.s.v ns:m.0b . }\n"),
       SparqlReject::Union},
      {"union inside a group", select_x(triple + "{\n{ ?x ns:r.s.u ns:m.0b . }\nUNION\n{ ?x ns:r.s.v ns:m.0b . }\n}\n"),
       SparqlReject::Union},
      {"aggregate sub-select in a group", select_x("{ SELECT (MIN(?y) AS ?z) WHERE { ?w ns:r.s.t ?y . } }\n" + triple),
       SparqlReject::Aggregate},
      {"object followed by junk", select_x("ns:m.0a ns:r.s.t ?x ) .\n"), SparqlReject::Syntax},
      {"comparison filter", select_x(triple + "?x ns:r.s.n ?num .\nFILTER (?num > \"1990\"^^xsd:dateTime) .\n"),
       SparqlReject::FilterOther},
      {"str filter", select_x(triple + "FILTER (str(?x) = \"State\")\n"), SparqlReject::FilterOther},
      {"not exists",
       select_x(triple + "FILTER(NOT EXISTS {?x ns:r.s.from ?sk0} || \nEXISTS {?x ns:r.s.from ?sk1 . "
                         "\nFILTER(xsd:datetime(?sk1) <= \"2015-08-10\"^^xsd:dateTime) })\n"),
       SparqlReject::FilterExists},
      {"literal object", select_x("?x ns:r.s.name \"Jaws\"@en .\n"), SparqlReject::Literal},
      {"literal in values",
       kPrefix + "SELECT ?x WHERE { VALUES ?x { \"39\"^^<http://www.w3.org/2001/XMLSchema#integer> } }",
       SparqlReject::Literal},
      {"count", kPrefix + "SELECT (COUNT(?x) AS ?n) WHERE { " + triple + "}", SparqlReject::Aggregate},
      {"max in sub-select", kPrefix + "SELECT (?v AS ?value) WHERE { SELECT (MAX(?y) AS ?v) WHERE { " + triple + "} }",
       SparqlReject::Aggregate},
      {"group by", select_x(triple) + "GROUP BY ?x", SparqlReject::Aggregate},
      {"two variables", kPrefix + "SELECT ?x ?y WHERE { ns:m.0a ns:r.s.t ?x . ?x ns:r.s.u ?y }",
       SparqlReject::Projection},
      {"star", kPrefix + "SELECT * WHERE { " + triple + "}", SparqlReject::Projection},
      {"ask", kPrefix + "ASK { " + triple + "}", SparqlReject::NotSelect},
      {"blank node", select_x("[] ns:r.s.t ?x .\n"), SparqlReject::BlankNode},
      {"labelled blank node", select_x("_:b0 ns:r.s.t ?x .\n"), SparqlReject::BlankNode},
      {"property path", select_x("ns:m.0a ns:r.s.t/ns:r.s.u ?x .\n"), SparqlReject::PropertyPath},
      {"inverse path", select_x("ns:m.0a ^ns:r.s.t ?x .\n"), SparqlReject::PropertyPath},
      {"values rows", select_x("VALUES ?y { ns:m.0a ns:m.0b }\n?y ns:r.s.t ?x .\n"), SparqlReject::ValuesRows},
      {"bind", select_x(triple + "BIND(?x AS ?y)\n"), SparqlReject::OtherKeyword},
      {"undeclared prefix", "SELECT ?x WHERE { fb:m.0a fb:r.s.t ?x }", SparqlReject::UndeclaredPrefix},
      {"no patterns", kPrefix + "SELECT ?x WHERE { ?x a ns:film.film . }", SparqlReject::NoPatterns},
      {"answer not used", kPrefix + "SELECT ?z WHERE { " + triple + "}", SparqlReject::AnswerNotInPatterns},
      {"unterminated", select_x("ns:m.0a ns:r.s.t ?x .\nFILTER (?x != \"oops)\n"), SparqlReject::Syntax},
      {"missing brace", kPrefix + "SELECT ?x WHERE { " + triple, SparqlReject::Syntax},
      {"not sparql", "who directed jaws?", SparqlReject::Syntax},
      {"empty", "", SparqlReject::Syntax},
  };
  for (const auto& c : cases) {
    QuestionSparqlParse p = parse_question_sparql(c.sparql);
    EXPECT_EQ(p.reject, c.reason) << c.name << ": got '" << sparql_reject_reason(p.reject) << "' at '" << p.detail
                                  << "'";
  }
}

TEST(KgImportSparql, EveryReasonHasItsOwnMessage) {
  std::set<std::string_view> messages;
  for (int r = 0; r <= static_cast<int>(SparqlReject::AnswerNotInPatterns); ++r)
    EXPECT_TRUE(messages.insert(sparql_reject_reason(static_cast<SparqlReject>(r))).second) << r;
}

TEST(KgImportSparql, NeverCrashesOnTruncatedInput) {
  const std::string full = select_x(
      "FILTER (?x != ns:m.0a)\nns:m.0a ns:r.s.t ?y ;\n ns:r.s.u ?z .\n?y ns:r.s.v ?x , ns:m.0b .\n"
      "VALUES ?z { ns:m.0c }\n");
  for (std::size_t n = 0; n <= full.size(); ++n) {
    QuestionSparqlParse p = parse_question_sparql(full.substr(0, n));
    if (n < full.size() - 2) EXPECT_FALSE(p.ok()) << n;
  }
  EXPECT_TRUE(parse_question_sparql(full).ok());
  std::string deep;
  for (int i = 0; i < 100000; ++i) deep += "SELECT ?x WHERE { ";
  EXPECT_EQ(parse_question_sparql(deep).reject, SparqlReject::NestedGroup);
}

}  // namespace
