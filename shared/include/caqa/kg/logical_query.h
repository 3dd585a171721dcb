// KGQA questions with their logical queries (CAQA paper, section 4.1): a single triple
// (e0, r0, ?a), a path [e0, r0, ?v1, ..., r(n-1), ?a] or a tree AND_i (e_i, r_i, ?a).
// Queries are written as triple patterns whose terms are entity keys or variables
// ("?a" is the answer, "?v1", "?v2" ... intermediate nodes); a pattern may point either
// way, e.g. (?a, directed_by, Steven Spielberg) asks for the films he directed.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace caqa::kg {

struct Term {
  std::string text;  // entity key, or variable name starting with '?'
  bool is_variable() const { return !text.empty() && text[0] == '?'; }
  friend bool operator==(const Term&, const Term&) = default;
};

struct TriplePattern {
  Term head;
  std::string relation;
  Term tail;
  friend bool operator==(const TriplePattern&, const TriplePattern&) = default;
};

enum class QueryShape : std::uint8_t { Single, Path, Tree };
std::string_view query_shape_name(QueryShape shape);

struct LogicalQuery {
  std::vector<TriplePattern> patterns;
  // Single: one pattern, one constant, ?a. Path: a chain from one constant through
  // ?v1..?v(n-1) to ?a. Tree: two or more patterns, each joining a distinct constant to ?a.
  // nullopt for anything else.
  std::optional<QueryShape> shape() const;
};

struct Question {
  std::string id;
  std::string text;
  std::vector<std::string> answers;  // entity keys
  LogicalQuery query;
  std::string source;  // e.g. "metaqa-2hop", "webqsp"; free text
};

}  // namespace caqa::kg
