// Tokens of the SPARQL inside KGQA questions (question_sparql.h): variables, IRIs,
// prefixed names, literals, words and punctuation (comments and white space are
// skipped), and the token-level tests of FILTER expressions (question_sparql_filter.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace caqa::kg::question_sparql_detail {

enum class Tok : std::uint8_t { Var, Iri, PName, Literal, Word, Punct, End, Error };

struct Token {
  Tok kind = Tok::End;
  std::string_view text;
};

// ASCII case-insensitive equality (SPARQL keywords).
bool iequals(std::string_view a, std::string_view b);

inline bool is_punct(const Token& t, std::string_view p) { return t.kind == Tok::Punct && t.text == p; }

// $x and ?x are the same variable: "?x".
std::string variable(const Token& t);
// ?a != ?b && ?c != ?d ...: a FILTER that only keeps nodes distinct.
bool is_distinctness(std::span<const Token> e);
// !isLiteral(?x) || lang(?x) = '' || langMatches(lang(?x), 'en'), or one of its last two
// disjuncts alone; OR for || and either quote.
bool is_language_filter(std::span<const Token> e);

class Lexer {
 public:
  explicit Lexer(std::string_view s) : s_(s) {}
  Token next();

 private:
  void skip_space_and_comments();
  Token literal(std::size_t start, char quote);

  std::string_view s_;
  std::size_t i_ = 0;
};

}  // namespace caqa::kg::question_sparql_detail
