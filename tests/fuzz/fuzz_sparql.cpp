// parse_question_sparql (the SPARQL subset of KGQA questions) on any bytes: no crash;
// an accepted query has no empty term, an answer variable, patterns, and the answer in its patterns;
// a rejected one says where the subset ended or why.
#include <algorithm>

#include "caqa/kg/question_sparql.h"
#include "fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using caqa::fuzz::check;
  const caqa::kg::QuestionSparqlParse parse = caqa::kg::parse_question_sparql(caqa::fuzz::as_text(data, size));
  if (!parse.ok()) {
    check(!caqa::kg::sparql_reject_reason(parse.reject).empty(), "a rejection without a reason");
    return 0;
  }
  const caqa::kg::QuestionSparql& query = parse.query;
  check(!query.answer.empty(), "an accepted query without an answer variable");
  check(!query.patterns.empty(), "an accepted query without patterns");
  for (const caqa::kg::TriplePattern& p : query.patterns)
    check(!p.head.text.empty() && !p.relation.empty() && !p.tail.text.empty(), "a pattern with an empty term");
  check(std::any_of(query.patterns.begin(), query.patterns.end(),
                    [&](const caqa::kg::TriplePattern& p) {
                      return p.head.text == query.answer || p.tail.text == query.answer;
                    }),
        "an accepted query whose answer is in no pattern");
  return 0;
}
