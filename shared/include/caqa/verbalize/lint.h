// The text lint of generated benchmark text (docs/verbalize.md): what a template or a
// model leaves behind that a person would not write. Runs on every build's final texts
// (both verbalisers) and on every text an LLM returns before it is used.
#pragma once

#include <array>
#include <cstddef>
#include <span>
#include <string>
#include <string_view>

#include "caqa/verbalize/english.h"

namespace caqa::verbalize {

enum class LintRule : std::uint8_t {
  TemplateResidue,  // a '{' or '}' (an unfilled placeholder)
  EntitySuchThat,   // "the entity such that" (the logical form read aloud)
  DoubledWord,      // "the the": a lower-case repeat ("in In the Name of ..." is a title)
  ArticleSound,     // "a" before a vowel sound or "an" before a consonant sound
  LowercaseStart,   // a sentence starting with a lower-case letter
  ItsApostrophe,    // every "it's": generated text never needs the contraction
  MissingEntity,    // a name of the sample's triples absent from its citation
  // Issue 33: what made questions and answers hard to read as written.
  GivenThat,           // "given that" with a clause not about the answer ("it ...")
  StackedRelative,     // "... that X is a citizen of that uses ...": a restrictive clause on a clause
  ExtraposedRelative,  // "Which books did X write who won ...": a clause after the verb, on no noun
  RepeatedNoun,        // "the city of the city"
  AmbiguousEcho,       // "... came out, as is 2018": "as" repeating a predicate that ends in a particle
  MissingClaim,        // a name of the answer's facts (G) absent from the answer statement
  MissingQualifier,    // a name shared by several entities written without what tells it apart
  TypeWord,            // "Which films and bands ...": the question's noun is not its answers' type
  DanglingArticle,     // "which Brad Pitt won the.": an article with no noun after it
  QuotedClause,        // 'tagged "good, which ... has a rating of,"': a clause inside a quoted name
  // Issue 40: what sharing a sentence among subjects can leave.
  PluralSingular,     // "A and B work as an actor", "were the spouse of": a plural verb, a singular noun
  TwoClauses,         // "A, who ..., starred in B, which ...": a second relative clause in a sentence
  RestatedQualifier,  // "Tripoli (Libya) is the capital of Libya": a qualifier its sentence says
};

inline constexpr int kLintRuleCount = 20;
inline constexpr std::array<LintRule, kLintRuleCount> kLintRules = {
    LintRule::TemplateResidue, LintRule::EntitySuchThat,     LintRule::DoubledWord,   LintRule::ArticleSound,
    LintRule::LowercaseStart,  LintRule::ItsApostrophe,      LintRule::MissingEntity, LintRule::GivenThat,
    LintRule::StackedRelative, LintRule::ExtraposedRelative, LintRule::RepeatedNoun,  LintRule::AmbiguousEcho,
    LintRule::MissingClaim,    LintRule::MissingQualifier,   LintRule::TypeWord,      LintRule::DanglingArticle,
    LintRule::QuotedClause,    LintRule::PluralSingular,     LintRule::TwoClauses,    LintRule::RestatedQualifier};

std::string_view lint_rule_name(LintRule rule);  // stable: "template_residue", ... (statistics, manifest)
std::string_view lint_rule_description(LintRule rule);

// Findings of one text (or summed over many), by rule.
struct LintCounts {
  std::array<std::size_t, kLintRuleCount> by_rule{};
  std::size_t& operator[](LintRule rule) { return by_rule[static_cast<std::size_t>(rule)]; }
  std::size_t operator[](LintRule rule) const { return by_rule[static_cast<std::size_t>(rule)]; }
  std::size_t total() const;
  bool clean() const { return total() == 0; }
  LintCounts& operator+=(const LintCounts& other);
};

// Every rule that reads the text alone (not MissingEntity, MissingClaim,
// MissingQualifier or TypeWord, which need the sample's facts). `names` are the entity names the text may legitimately
// hold: a sentence starting with one ("number9dream was written by ...") is not a
// lower-case start.
LintCounts lint_text(std::string_view text, std::span<const std::string> names = {});

// lint_text plus MissingEntity: one finding per name of `names` (the citation's triples)
// that the citation does not contain (case-insensitive, whole words).
LintCounts lint_citation(std::string_view citation, std::span<const std::string> names);

// Whether `text` contains `name` as whole words, ignoring ASCII case.
bool contains_name(std::string_view text, std::string_view name);

// One finding per name of `names` that `text` does not contain (case-insensitive, whole
// words): MissingClaim for an answer's facts, MissingQualifier for qualified names.
std::size_t missing_names(std::string_view text, std::span<const std::string> names);

// TypeWord: a question "Which <noun> ..." whose noun is another of the KG's `types` than
// `type`, the answers' own, or its plural (underscores read as spaces): "Which films and
// bands ..." for bands. A noun no type has ("Which group ...") is not checked; nor is a
// question whose answers are of several types (`type` empty).
std::size_t type_word_findings(std::string_view question, std::string_view type, std::span<const std::string> types);

}  // namespace caqa::verbalize
