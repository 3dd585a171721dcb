#include <string>

#include "caqa/text.h"
#include "question_sparql_lexer.h"

namespace caqa::kg::question_sparql_detail {

namespace {
bool is_node(const Token& t) { return t.kind == Tok::Var || t.kind == Tok::Iri || t.kind == Tok::PName; }
}  // namespace

std::string variable(const Token& t) {
  std::string v(t.text);
  v[0] = '?';
  return v;
}

bool is_distinctness(std::span<const Token> e) {
  if (e.size() % 4 != 3) return false;
  for (std::size_t i = 0; i < e.size(); i += 4) {
    if (!is_node(e[i]) || !is_punct(e[i + 1], "!=") || !is_node(e[i + 2])) return false;
    if (i + 3 < e.size() && !is_punct(e[i + 3], "&&")) return false;
  }
  return true;
}

bool is_language_filter(std::span<const Token> e) {
  std::string canon;
  std::string_view var;
  for (const Token& t : e) {
    if (t.kind == Tok::Var) {
      if (!var.empty() && var != t.text) return false;
      var = t.text;
      canon += '?';
    } else if (t.kind == Tok::Word) {
      canon += iequals(t.text, "OR") ? std::string("||") : ascii_lower(t.text);
    } else if (t.kind == Tok::Literal) {
      if (t.text.size() < 2 || t.text.front() != t.text.back()) return false;
      canon += '"';
      canon += t.text.substr(1, t.text.size() - 2);
      canon += '"';
    } else {
      canon += t.text;
    }
  }
  for (std::string_view accepted :
       {"!isliteral(?)||lang(?)=\"\"||langmatches(lang(?),\"en\")", "lang(?)=\"\"||langmatches(lang(?),\"en\")",
        "langmatches(lang(?),\"en\")", "lang(?)=\"en\""})
    if (canon == accepted) return true;
  return false;
}

}  // namespace caqa::kg::question_sparql_detail
