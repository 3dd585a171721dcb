// One message per rejection reason: the ProblemCounts reason shown in build reports.
#include "caqa/kg/question_sparql.h"

namespace caqa::kg {

std::string_view sparql_reject_reason(SparqlReject reject) {
  switch (reject) {
    case SparqlReject::None: return "sparql: accepted";
    case SparqlReject::Syntax: return "sparql: syntax outside the supported subset";
    case SparqlReject::NotSelect: return "sparql: not a SELECT query";
    case SparqlReject::Projection: return "sparql: SELECT of other than one variable";
    case SparqlReject::Aggregate: return "sparql: aggregate (COUNT/MAX/MIN/GROUP BY)";
    case SparqlReject::OrderBy: return "sparql: ORDER BY";
    case SparqlReject::LimitOffset: return "sparql: LIMIT/OFFSET";
    case SparqlReject::Optional: return "sparql: OPTIONAL";
    case SparqlReject::Union: return "sparql: UNION";
    case SparqlReject::NestedGroup: return "sparql: nested group";
    case SparqlReject::FilterExists: return "sparql: FILTER with (NOT) EXISTS";
    case SparqlReject::FilterOther: return "sparql: FILTER other than != or language";
    case SparqlReject::Literal: return "sparql: literal term";
    case SparqlReject::BlankNode: return "sparql: blank node";
    case SparqlReject::PropertyPath: return "sparql: property path";
    case SparqlReject::ValuesRows: return "sparql: VALUES with several values";
    case SparqlReject::OtherKeyword: return "sparql: BIND/MINUS/SERVICE/GRAPH";
    case SparqlReject::UndeclaredPrefix: return "sparql: undeclared prefix";
    case SparqlReject::NoPatterns: return "sparql: no triple patterns";
    case SparqlReject::AnswerNotInPatterns: return "sparql: answer variable not in the patterns";
  }
  return "sparql: syntax outside the supported subset";
}

}  // namespace caqa::kg
