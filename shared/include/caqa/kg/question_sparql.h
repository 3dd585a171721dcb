// The SPARQL inside KGQA questions: the basic-graph-pattern subset that Freebase KGQA
// datasets (WebQSP, CWQ, GrailQA) write their questions' queries in, read into triple
// patterns (no endpoint is queried); everything outside the subset is rejected with a
// reason instead of being approximated. docs/importers.md lists the subset.
//
// Accepted:
//   PREFIX p: <iri> ...  SELECT [DISTINCT] ?x [WHERE] { ... }
//   SELECT (?x AS ?value) WHERE { SELECT DISTINCT ?x WHERE { ... } }     (GrailQA's wrapper)
//   triple patterns  s p o .  with ';' and ',' lists; terms are variables or IRIs
//   VALUES ?v { <one IRI> }              (the variable becomes that constant)
//   FILTER (t1 != t2 && t3 != t4 ...)    distinctness between nodes: dropped
//   FILTER (!isLiteral(?x) OR lang(?x) = '' OR langMatches(lang(?x), 'en')): dropped
//   ?v rdf:type C / ?v ns:type.object.type C (a class constraint): dropped
// Rejected (SparqlReject): literals, blank nodes, property paths, OPTIONAL, UNION, nested
// groups, other FILTERs, FILTER (NOT) EXISTS, aggregates, ORDER BY, LIMIT/OFFSET, GROUP BY,
// VALUES with several rows, BIND/MINUS/SERVICE/GRAPH, anything else.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "caqa/kg/logical_query.h"

namespace caqa::kg {

enum class SparqlReject : std::uint8_t {
  None,
  Syntax,
  NotSelect,
  Projection,  // SELECT *, several variables or an expression
  Aggregate,   // COUNT, MAX, ..., GROUP BY, HAVING
  OrderBy,
  LimitOffset,
  Optional,
  Union,
  NestedGroup,
  FilterExists,
  FilterOther,  // comparisons with literals, regex, str(), ...
  Literal,      // a literal as a term (dates, numbers, strings)
  BlankNode,
  PropertyPath,
  ValuesRows,    // VALUES with several values or variables
  OtherKeyword,  // BIND, MINUS, SERVICE, GRAPH
  UndeclaredPrefix,
  NoPatterns,
  AnswerNotInPatterns,
};

// "sparql: ORDER BY" ...: one message per reason, used as the ProblemCounts reason.
std::string_view sparql_reject_reason(SparqlReject reject);

struct QuestionSparql {
  std::string answer;                   // the projected variable as written, e.g. "?x"
  std::vector<TriplePattern> patterns;  // terms: variables as written or IRI keys (below)
  std::size_t dropped_filters = 0;      // distinctness and language filters
  std::size_t dropped_class_patterns = 0;
};

struct QuestionSparqlParse {
  QuestionSparql query;
  SparqlReject reject = SparqlReject::None;
  std::string detail;  // the text where the subset ended
  bool ok() const { return reject == SparqlReject::None; }
};

// IRI keys: Freebase IRIs (http://rdf.freebase.com/ns/X, also written ns:X or :X) become
// X ("m.0abc", "film.actor.film"); other IRIs keep their full text.
QuestionSparqlParse parse_question_sparql(std::string_view sparql);

}  // namespace caqa::kg
