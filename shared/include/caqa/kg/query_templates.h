// The English of sampled questions (query_sampler.h). Per relation, six phrases with a
// slot {x}: the question asking one end of a triple given the other ("Who directed {x}?",
// "Which films did {x} direct?"), a noun phrase naming that end ("the director of {x}",
// "the film directed by {x}"), which makes 2-hop paths ("Where was the director of Jaws
// born?"), and a clause saying it of the answer ("directed {x}", "{be} directed by {x}"),
// which makes trees ("Who directed Jaws and was born in Cincinnati?"). Read from
// query_templates.tsv's bytes (data/default/README.md); the core reads no files.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>

#include "caqa/kg/kg_text.h"
#include "caqa/kg/problem_counts.h"
#include "caqa/verbalize/english.h"

namespace caqa::kg {

// The end of a triple a phrase is about, given the other: the tail given the head
// ("Who directed {x}?") or the head given the tail ("Which films did {x} direct?").
enum class Side : std::uint8_t { Tail, Head };

struct RelationPhrases {
  // Indexed by Side; an empty phrase ("-" in the file) is never used.
  std::array<std::string, 2> question, noun_phrase, clause;
};

class QueryTemplates {
 public:
  // relation<TAB>tail question<TAB>head question<TAB>tail noun phrase<TAB>head noun phrase
  // <TAB>tail clause<TAB>head clause; and "the<TAB>name" for a name that takes "the" in a
  // sentence ("the United Kingdom").
  static QueryTemplates parse(const TextSource& source, ProblemCounts& problems);

  const RelationPhrases* find(std::string_view relation) const;
  // An entity's name as it reads inside a sentence.
  std::string mention(std::string_view name) const;
  // Whether a `the<TAB>name` row lists the name.
  bool takes_the(std::string_view name) const { return definite_names_.contains(name); }
  bool empty() const { return relations_.empty(); }

 private:
  std::unordered_map<std::string, RelationPhrases> relations_;
  std::set<std::string, std::less<>> definite_names_;
};

// Fills {x} and {a x} (with "a" or "an") and agrees {be} (was/were), {is} (is/are),
// {has} (has/have), {s} (a verb's "s": "belong{s}") and {a NOUN} ("a citizen", "citizens"), {the NOUN} ("the
// birthplaces") with a singular or plural subject. A noun-phrase filler ("the director of Jaws") takes the place of the
// phrase's own "the" before {x}. nullopt for an empty phrase, or one that would put an article before a noun phrase.
std::optional<std::string> fill(std::string_view phrase, std::string_view x, bool noun_phrase, bool plural);

using verbalize::plural_noun;

// "a" or "an" before a word, by its sound as spelled ("an actor", "a university").
std::string_view indefinite_article(std::string_view word);

}  // namespace caqa::kg
