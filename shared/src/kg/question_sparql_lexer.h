// Tokens of the SPARQL inside KGQA questions (question_sparql.h): variables, IRIs,
// prefixed names, literals, words and punctuation. Comments and white space are skipped.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace caqa::kg::question_sparql_detail {

enum class Tok : std::uint8_t { Var, Iri, PName, Literal, Word, Punct, End, Error };

struct Token {
  Tok kind = Tok::End;
  std::string_view text;
};

// ASCII case-insensitive equality (SPARQL keywords).
bool iequals(std::string_view a, std::string_view b);

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
