#include "question_sparql_lexer.h"

#include <algorithm>

namespace caqa::kg::question_sparql_detail {

namespace {

bool is_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         static_cast<unsigned char>(c) >= 0x80;
}
bool is_pname_char(char c) { return is_name_char(c) || c == '-' || c == '.' || c == ':' || c == '%'; }
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

}  // namespace

bool iequals(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return (x >= 'A' && x <= 'Z' ? x + 32 : x) == (y >= 'A' && y <= 'Z' ? y + 32 : y);
         });
}

Token Lexer::next() {
  skip_space_and_comments();
  if (i_ >= s_.size()) return {Tok::End, {}};
  std::size_t start = i_;
  char c = s_[i_];
  if ((c == '?' || c == '$') && i_ + 1 < s_.size() && is_name_char(s_[i_ + 1])) {
    ++i_;
    while (i_ < s_.size() && is_name_char(s_[i_])) ++i_;
    return {Tok::Var, s_.substr(start, i_ - start)};
  }
  if (c == '<') {
    std::size_t j = i_ + 1;
    while (j < s_.size() && !is_space(s_[j]) && s_[j] != '>' && s_[j] != '<' && s_[j] != '"' && s_[j] != '{' &&
           s_[j] != '}')
      ++j;
    if (j < s_.size() && s_[j] == '>') {
      i_ = j + 1;
      return {Tok::Iri, s_.substr(start, i_ - start)};
    }
  }
  if (c == '"' || c == '\'') return literal(start, c);
  if (c >= '0' && c <= '9') {
    while (i_ < s_.size() && ((s_[i_] >= '0' && s_[i_] <= '9') || s_[i_] == '.' || s_[i_] == 'e' || s_[i_] == 'E'))
      ++i_;
    while (s_[i_ - 1] == '.') --i_;  // "5 ." ends a statement
    return {Tok::Literal, s_.substr(start, i_ - start)};
  }
  if (is_name_char(c) || c == ':') {
    while (i_ < s_.size() && is_pname_char(s_[i_])) ++i_;
    while (s_[i_ - 1] == '.') --i_;  // a local name never ends with '.'
    std::string_view text = s_.substr(start, i_ - start);
    return {text.find(':') == std::string_view::npos ? Tok::Word : Tok::PName, text};
  }
  for (std::string_view two : {"!=", "<=", ">=", "&&", "||", "^^"})
    if (s_.substr(i_, 2) == two) {
      i_ += 2;
      return {Tok::Punct, two};
    }
  if (std::string_view("{}().;,=<>!+-*/^|[]").find(c) != std::string_view::npos) {
    ++i_;
    return {Tok::Punct, s_.substr(start, 1)};
  }
  ++i_;
  return {Tok::Error, s_.substr(start, 1)};
}
void Lexer::skip_space_and_comments() {
  while (i_ < s_.size()) {
    if (is_space(s_[i_]))
      ++i_;
    else if (s_[i_] == '#')
      while (i_ < s_.size() && s_[i_] != '\n') ++i_;
    else
      break;
  }
}

Token Lexer::literal(std::size_t start, char quote) {
  ++i_;
  while (i_ < s_.size() && s_[i_] != quote) i_ += s_[i_] == '\\' ? 2 : 1;
  if (i_ >= s_.size()) return {Tok::Error, s_.substr(start)};
  ++i_;
  if (i_ < s_.size() && s_[i_] == '@') {
    ++i_;
    while (i_ < s_.size() && (is_name_char(s_[i_]) || s_[i_] == '-')) ++i_;
  } else if (s_.substr(i_, 2) == "^^") {
    i_ += 2;
    Token type = next();
    if (type.kind != Tok::Iri && type.kind != Tok::PName) return {Tok::Error, s_.substr(start, i_ - start)};
  }
  return {Tok::Literal, s_.substr(start, i_ - start)};
}

}  // namespace caqa::kg::question_sparql_detail
