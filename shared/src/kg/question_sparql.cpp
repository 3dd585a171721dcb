#include "caqa/kg/question_sparql.h"

#include <algorithm>
#include <map>
#include <optional>
#include <span>

#include "question_sparql_lexer.h"

namespace caqa::kg {

namespace {

using question_sparql_detail::iequals;
using question_sparql_detail::is_distinctness;
using question_sparql_detail::is_language_filter;
using question_sparql_detail::is_punct;
using question_sparql_detail::Lexer;
using question_sparql_detail::Tok;
using question_sparql_detail::Token;
using question_sparql_detail::variable;

constexpr std::string_view kFreebase = "http://rdf.freebase.com/ns/";
constexpr std::string_view kRdfType = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type";

struct Rejection {
  SparqlReject reason;
  std::string detail;
};

class Parser {
 public:
  explicit Parser(std::string_view sparql) {
    Lexer lexer(sparql);
    for (Token t = lexer.next();; t = lexer.next()) {
      tokens_.push_back(t);
      if (t.kind == Tok::End || t.kind == Tok::Error) break;
    }
  }

  QuestionSparqlParse parse() {
    QuestionSparqlParse out;
    if (!parse_query(out.query)) {
      out.reject = rejection_.reason;
      out.detail = rejection_.detail;
      return out;
    }
    finish(out);
    return out;
  }

 private:
  const Token& peek(std::size_t ahead = 0) const { return tokens_[std::min(pos_ + ahead, tokens_.size() - 1)]; }
  const Token& take() {
    const Token& t = peek();
    if (pos_ < tokens_.size() - 1) ++pos_;
    return t;
  }
  bool is_word(const Token& t, std::string_view w) const { return t.kind == Tok::Word && iequals(t.text, w); }

  bool reject(SparqlReject reason, std::string_view detail) {
    rejection_ = {reason, std::string(detail)};
    return false;
  }
  bool reject_here(SparqlReject reason) { return reject(reason, peek().text); }

  bool parse_query(QuestionSparql& q) {
    while (is_word(peek(), "PREFIX") || is_word(peek(), "BASE")) {
      if (is_word(take(), "BASE")) {  // relative IRIs are not resolved; the base is only skipped
        if (take().kind != Tok::Iri) return reject(SparqlReject::Syntax, "BASE");
        continue;
      }
      const Token& name = take();
      const Token& iri = take();
      if (name.kind != Tok::PName || name.text.back() != ':' || iri.kind != Tok::Iri)
        return reject(SparqlReject::Syntax, iri.text);
      prefixes_[std::string(name.text.substr(0, name.text.size() - 1))] =
          std::string(iri.text.substr(1, iri.text.size() - 2));
    }
    for (std::string_view w : {"ASK", "CONSTRUCT", "DESCRIBE"})
      if (is_word(peek(), w)) return reject_here(SparqlReject::NotSelect);
    if (!is_word(peek(), "SELECT")) return reject_here(SparqlReject::Syntax);
    if (!parse_select(q.answer)) return false;
    if (peek().kind != Tok::End) return reject_here(SparqlReject::Syntax);
    q.patterns = std::move(patterns_);
    q.dropped_filters = dropped_filters_;
    return true;
  }

  // SELECT ... WHERE { ... } [modifiers]; `answer` receives the projected variable.
  bool parse_select(std::string& answer) {
    take();  // SELECT
    if (is_word(peek(), "DISTINCT") || is_word(peek(), "REDUCED")) take();
    std::string alias_of;  // (?inner AS ?outer): the inner variable
    if (peek().kind == Tok::Var) {
      answer = variable(take());
      if (peek().kind == Tok::Var || is_punct(peek(), "(")) return reject_here(SparqlReject::Projection);
    } else if (is_punct(peek(), "(")) {
      take();
      for (std::string_view agg : {"COUNT", "SUM", "MIN", "MAX", "AVG", "SAMPLE", "GROUP_CONCAT"})
        if (is_word(peek(), agg)) return reject_here(SparqlReject::Aggregate);
      if (peek().kind != Tok::Var || !is_word(peek(1), "AS") || peek(2).kind != Tok::Var || !is_punct(peek(3), ")"))
        return reject_here(SparqlReject::Projection);
      alias_of = variable(take());
      take();
      answer = variable(take());
      take();
      if (peek().kind == Tok::Var || is_punct(peek(), "(")) return reject_here(SparqlReject::Projection);
    } else {
      return reject_here(SparqlReject::Projection);
    }
    if (is_word(peek(), "WHERE")) take();
    if (!is_punct(peek(), "{")) return reject_here(SparqlReject::Syntax);
    take();
    if (is_word(peek(), "SELECT")) {
      // A sub-select that is the whole group: its variable is the answer, renamed by AS.
      if (++select_depth_ > kMaxSelectDepth) return reject_here(SparqlReject::NestedGroup);
      std::string inner;
      if (!parse_select(inner)) return false;
      if (!is_punct(peek(), "}")) return reject_here(SparqlReject::NestedGroup);
      take();
      if (!alias_of.empty() && alias_of != inner) return reject(SparqlReject::Projection, alias_of);
      if (alias_of.empty() && answer != inner) return reject(SparqlReject::Projection, answer);
      answer = inner;
    } else {
      if (!alias_of.empty()) answer = alias_of;
      if (!parse_group()) return false;
    }
    return parse_modifiers();
  }

  bool parse_modifiers() {
    if (is_word(peek(), "ORDER")) return reject_here(SparqlReject::OrderBy);
    if (is_word(peek(), "LIMIT") || is_word(peek(), "OFFSET")) return reject_here(SparqlReject::LimitOffset);
    if (is_word(peek(), "GROUP") || is_word(peek(), "HAVING")) return reject_here(SparqlReject::Aggregate);
    return true;
  }

  // The body after '{', up to and including its '}'.
  bool parse_group() {
    for (;;) {
      const Token& t = peek();
      if (t.kind == Tok::End || t.kind == Tok::Error) return reject_here(SparqlReject::Syntax);
      if (is_punct(t, "}")) {
        take();
        return true;
      }
      if (is_punct(t, ".")) {
        take();
        continue;
      }
      if (is_punct(t, "{")) return reject_here(nested_group_reason());
      if (t.kind == Tok::Word) {
        if (is_word(t, "FILTER")) {
          if (!parse_filter()) return false;
          continue;
        }
        if (is_word(t, "VALUES")) {
          if (!parse_values()) return false;
          continue;
        }
        if (is_word(t, "OPTIONAL")) return reject_here(SparqlReject::Optional);
        if (is_word(t, "UNION")) return reject_here(SparqlReject::Union);
        if (is_word(t, "SELECT")) return reject_here(SparqlReject::NestedGroup);
        for (std::string_view w : {"BIND", "MINUS", "SERVICE", "GRAPH"})
          if (is_word(t, w)) return reject_here(SparqlReject::OtherKeyword);
      }
      if (!parse_triples()) return false;
    }
  }

  // A nested group is rejected for what it holds: a UNION (inside or right after it), an
  // aggregate sub-select, or else for being nested.
  SparqlReject nested_group_reason() const {
    int depth = 0;
    bool aggregate = false;
    for (std::size_t i = pos_; i < tokens_.size(); ++i) {
      if (is_word(tokens_[i], "UNION")) return SparqlReject::Union;
      if (is_word(tokens_[i], "SELECT") && i + 2 < tokens_.size() && is_punct(tokens_[i + 1], "(") &&
          tokens_[i + 2].kind == Tok::Word)
        aggregate = true;
      if (is_punct(tokens_[i], "{")) ++depth;
      if (is_punct(tokens_[i], "}") && --depth == 0) {
        if (i + 1 < tokens_.size() && is_word(tokens_[i + 1], "UNION")) return SparqlReject::Union;
        break;
      }
    }
    return aggregate ? SparqlReject::Aggregate : SparqlReject::NestedGroup;
  }

  // subject verb object [, object]* [; verb object ...]* then '.' or before '}'.
  bool parse_triples() {
    std::optional<Term> subject = term(false);
    if (!subject) return false;
    for (;;) {
      std::optional<Term> verb = term(true);
      if (!verb) return false;
      if (verb->is_variable())
        return reject(SparqlReject::Syntax, verb->text);  // variable predicates: not in the subset
      if (peek().kind == Tok::Punct && std::string_view("/|*+^").find(peek().text) != std::string_view::npos)
        return reject_here(SparqlReject::PropertyPath);
      for (;;) {
        std::optional<Term> object = term(false);
        if (!object) return false;
        add_pattern(*subject, verb->text, *object);
        if (!is_punct(peek(), ",")) break;
        take();
      }
      if (is_punct(peek(), ";")) {
        take();
        if (is_punct(peek(), ".") || is_punct(peek(), "}")) break;
        continue;
      }
      break;
    }
    // '.' ends the block; before '}', a keyword or a nested group it may be left out.
    if (is_punct(peek(), "."))
      take();
    else if (!is_punct(peek(), "}") && !is_punct(peek(), "{") && peek().kind != Tok::Word)
      return reject_here(SparqlReject::Syntax);
    return true;
  }

  void add_pattern(const Term& s, const std::string& p, const Term& o) {
    if ((p == kRdfType || p == "type.object.type") && !o.is_variable()) {
      ++dropped_class_patterns_;
      return;
    }
    patterns_.push_back({s, p, o});
  }

  std::optional<std::string> iri_key(const Token& t) {
    std::string iri;
    if (t.kind == Tok::Iri) {
      iri = std::string(t.text.substr(1, t.text.size() - 2));
    } else {
      std::size_t colon = t.text.find(':');
      std::string prefix(t.text.substr(0, colon));
      if (prefix == "_") {
        reject(SparqlReject::BlankNode, t.text);
        return std::nullopt;
      }
      auto it = prefixes_.find(prefix);
      if (it == prefixes_.end()) {
        reject(SparqlReject::UndeclaredPrefix, t.text);
        return std::nullopt;
      }
      iri = it->second + std::string(t.text.substr(colon + 1));
    }
    if (iri.starts_with(kFreebase)) iri.erase(0, kFreebase.size());
    // "<>" or a bare namespace ("ns:") would be the empty key: it names no node or relation.
    if (iri.empty()) {
      reject(SparqlReject::Syntax, t.text);
      return std::nullopt;
    }
    return iri;
  }

  std::optional<Term> term(bool verb) {
    const Token& t = peek();
    switch (t.kind) {
      case Tok::Var: return Term{variable(take())};
      case Tok::Iri:
      case Tok::PName: {
        auto key = iri_key(take());
        if (!key) return std::nullopt;
        return Term{*key};
      }
      case Tok::Literal: reject_here(SparqlReject::Literal); return std::nullopt;
      case Tok::Word:
        if (verb && t.text == "a") {
          take();
          return Term{std::string(kRdfType)};
        }
        if (is_word(t, "true") || is_word(t, "false"))
          reject_here(SparqlReject::Literal);
        else
          reject_here(SparqlReject::Syntax);
        return std::nullopt;
      case Tok::Punct:
        if (t.text == "[")
          reject_here(SparqlReject::BlankNode);
        else if (verb && (t.text == "^" || t.text == "("))
          reject_here(SparqlReject::PropertyPath);
        else
          reject_here(SparqlReject::Syntax);
        return std::nullopt;
      default: reject_here(SparqlReject::Syntax); return std::nullopt;
    }
  }

  // VALUES ?v { <one IRI> }
  bool parse_values() {
    take();
    if (is_punct(peek(), "(")) return reject_here(SparqlReject::ValuesRows);
    if (peek().kind != Tok::Var) return reject_here(SparqlReject::Syntax);
    std::string var = variable(take());
    if (!is_punct(take(), "{")) return reject_here(SparqlReject::Syntax);
    if (peek().kind == Tok::Literal) return reject_here(SparqlReject::Literal);
    if (peek().kind != Tok::Iri && peek().kind != Tok::PName) return reject_here(SparqlReject::Syntax);
    auto key = iri_key(take());
    if (!key) return false;
    if (!is_punct(peek(), "}")) return reject_here(SparqlReject::ValuesRows);
    take();
    if (values_.count(var)) return reject(SparqlReject::ValuesRows, var);
    values_[var] = *key;
    return true;
  }

  // FILTER ( expression ): kept only when it is a conjunction of != between nodes or the
  // language filter; both are dropped.
  bool parse_filter() {
    take();
    if (is_word(peek(), "NOT") || is_word(peek(), "EXISTS")) return reject_here(SparqlReject::FilterExists);
    if (peek().kind == Tok::Word) return reject_here(SparqlReject::FilterOther);  // FILTER regex(...) etc.
    if (!is_punct(peek(), "(")) return reject_here(SparqlReject::Syntax);
    std::size_t begin = pos_ + 1, depth = 0;
    for (;;) {
      const Token& t = take();
      if (t.kind == Tok::End || t.kind == Tok::Error) return reject(SparqlReject::Syntax, t.text);
      if (is_word(t, "EXISTS")) return reject(SparqlReject::FilterExists, t.text);
      if (is_punct(t, "(")) ++depth;
      if (is_punct(t, ")") && --depth == 0) break;
    }
    std::span<const Token> expr(tokens_.data() + begin, pos_ - 1 - begin);
    if (is_distinctness(expr) || is_language_filter(expr)) {
      ++dropped_filters_;
      return true;
    }
    return reject(SparqlReject::FilterOther, expr.empty() ? std::string_view() : expr.front().text);
  }

  void finish(QuestionSparqlParse& out) {
    QuestionSparql& q = out.query;
    for (auto& p : q.patterns)
      for (Term* t : {&p.head, &p.tail}) {
        auto it = values_.find(t->text);
        if (it != values_.end()) t->text = it->second;
      }
    q.dropped_class_patterns = dropped_class_patterns_;
    if (q.patterns.empty()) {
      out.reject = SparqlReject::NoPatterns;
      return;
    }
    bool answer_used = std::any_of(q.patterns.begin(), q.patterns.end(), [&](const TriplePattern& p) {
      return p.head.text == q.answer || p.tail.text == q.answer;
    });
    if (!answer_used) {
      out.reject = SparqlReject::AnswerNotInPatterns;
      out.detail = q.answer;
    }
  }

  static constexpr int kMaxSelectDepth = 8;  // GrailQA nests one; bounded recursion on any input

  std::vector<Token> tokens_;
  std::size_t pos_ = 0;
  int select_depth_ = 0;
  std::map<std::string, std::string> prefixes_;
  std::map<std::string, std::string> values_;  // variable -> the IRI key it is bound to
  std::vector<TriplePattern> patterns_;
  std::size_t dropped_filters_ = 0, dropped_class_patterns_ = 0;
  Rejection rejection_{SparqlReject::Syntax, {}};
};

}  // namespace

QuestionSparqlParse parse_question_sparql(std::string_view sparql) { return Parser(sparql).parse(); }

}  // namespace caqa::kg
