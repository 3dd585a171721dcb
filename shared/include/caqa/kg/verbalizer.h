// The grammar verbaliser (issue 14, docs/verbalize.md): deterministic English for
// benchmark samples, where the CAQA paper (section 4.4, Appendix A) uses ChatGPT.
//  - citations: a short passage; each fact in one of its relation's phrasings drawn by
//    the seeded generator, facts about one subject aggregated ("Jaws was directed by
//    Steven Spielberg and starred Roy Scheider."), "It" for a thing named just before;
//  - questions: the source question's own text plus the extension as a clause about the
//    answer ("Who directed Jaws and was born in Cincinnati?") or as a relative clause on
//    the subject ("Where were the founders of Meta, which is headquartered in Menlo Park,
//    born?"); composed from the logical form when there is no text;
//  - answer statements: a declarative sentence about the answer ("Andrei Tarkovsky
//    directed Solaris, as did Steven Soderbergh [1].").
// English rules live in caqa/verbalize/english.h, phrasings in relation_phrasing.h.
#pragma once

#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "caqa/kg/display_names.h"
#include "caqa/kg/logical_query.h"
#include "caqa/kg/query_templates.h"
#include "caqa/kg/relation_profile.h"
#include "caqa/kg/subgraph_edit.h"
#include "caqa/verbalize/relation_phrasing.h"

namespace caqa::kg {

class Verbalizer {
 public:
  // templates: relation name -> phrasings (caqa/verbalize/relation_phrasing.h).
  Verbalizer(const KnowledgeGraph& kg, const std::unordered_map<std::string, std::string>& templates);

  // "[1] passage", or "[1] passage [2] passage" when `passages` is 2: the facts planned
  // as passages about their subjects (citation_passage.cpp).
  std::string citation(std::span<const Triple> triples, Rng& rng, std::size_t passages = 1) const {
    return citation(triples, phrasings(triples, rng), passages);
  }
  // Which of its relation's sentences says each fact: the only random choice of a citation,
  // one rng.uniform() per fact, drawn apart so that a citation whose text is never read
  // costs its draws and nothing more. The passage plan prefers, for each fact, the drawn
  // sentence or the next one that starts with the subject it is said about.
  std::vector<std::size_t> phrasings(std::span<const Triple> triples, Rng& rng) const;
  // `named_plainly`: entities the answer names without their qualifier
  // (DisplayNames::plain_answers).
  std::string citation(std::span<const Triple> triples, std::span<const std::size_t> phrasings,
                       std::size_t passages = 1, std::span<const EntityId> named_plainly = {}) const;
  // The extended question. With question phrases (query_templates.h), composed from the
  // query (question_composer.cpp), nullopt when a phrase it needs is missing; without,
  // the source question's own text with the extension said as a clause.
  std::optional<std::string> question(const Question& original, const ExtendedQuery& query, const Attribution& g) const;
  // Phrases for composed questions; not owned, outlives the verbaliser.
  void set_question_phrases(const QueryTemplates* phrases) { question_phrases_ = phrases; }
  // Qualified names for entities that share a name (display_names.h); not owned.
  void set_display_names(const DisplayNames* names) { display_names_ = names; }
  const DisplayNames* display_names() const { return display_names_; }
  std::optional<std::string> composed_question(const ExtendedQuery& query, const Attribution& g) const;
  // Every fact of G stated (answer_statement.cpp): a sentence per derivation, the answer
  // its subject where a phrasing allows ("Cincinnati is the birthplace of Steven
  // Spielberg, who directed Jaws [1].").
  std::string answer_statement(const ExtendedQuery& query, const Attribution& g) const;
  // The comparison level (comparison_text.cpp): "Which was released first, A or B?" and
  // "A was released in 1998, three years before B (2001) [1]."; nullopt where no phrasing
  // of the relation reads "{head} VERB in {tail}.".
  std::optional<std::string> comparison_question(const ExtendedQuery& query, const Attribution& g) const;
  std::string comparison_answer(const ExtendedQuery& query, const Attribution& g) const;
  // "was released" from "{head} was released in {tail}.".
  std::optional<std::string> comparison_verb(RelationId relation) const;
  // The negation level (negation_text.cpp): "Was the director of Jaws born in Chicago?" and
  // "No, Jaws was directed by Steven Spielberg, who was born in Cincinnati [1]."; nullopt
  // where the relation's clause does not start with its auxiliary.
  std::optional<std::string> negation_question(const ExtendedQuery& query, const Attribution& g) const;
  std::string negation_answer(const ExtendedQuery& query, const Attribution& g) const;
  // Whether the relation's noun phrase names a question's subject: "the director of {x}".
  bool names_a_subject(RelationId relation) const;
  // The answer's sub-facts (issue 41): each fact of G as one plain sentence in its
  // relation's first phrasing, names as the answer writes them, in G's order.
  std::vector<std::string> sub_facts(const Attribution& g) const;
  // "film.film.directed_by" -> "directed by"
  static std::string humanize(std::string_view relation);
  // Relations whose template is "-": annotations a reader cannot check (MetaQA's tags and
  // rating buckets), never said in a text; indexed by RelationId.
  const std::vector<bool>& unsaid() const { return unsaid_; }

 private:
  const verbalize::RelationPhrasing& phrasing(RelationId relation) const;
  std::string name(EntityId e) const;              // verbalize::definite_name of its name
  std::string unqualified_name(EntityId e) const;  // "John Williams", never "John Williams (composer)"
  void append_name(std::string& out, EntityId e, bool qualified = true) const;
  // "the film that starred Roy Scheider": variable `v` of `q` described by a pattern other than `skip`.
  std::string describe(const ResolvedQuery& q, std::uint32_t v, std::size_t skip) const;
  // answer_statement.cpp: one derivation's facts around its answer.
  struct Derivation;
  // The sentences of one derivation about its answer's name (or the names of several
  // answers that differ in nothing else), leaving out the patterns `already_said`: the
  // main one, then one for each fact no clause could carry.
  std::vector<std::string> derivation_sentences(const ResolvedQuery& q, const std::vector<Triple>& facts,
                                                const std::vector<std::string>& answers,
                                                const std::vector<bool>& already_said) const;
  // One sentence with a constant of the path, or else a middle entity, as its subject, where
  // it says every pattern not `already_said`; nullopt where none does.
  std::optional<std::string> sentence_from_one_subject(const ResolvedQuery& q, const std::vector<Triple>& facts,
                                                       const std::vector<bool>& already_said) const;
  // What one branch's derivations state.
  std::string branch_statement(const ResolvedQuery& q, std::span<const AnswerDerivation> derivations) const;
  // Whether the relation's first phrasing quotes the node's end of the pattern ('tagged "good"').
  bool quotes(const ResolvedPattern& p, const Node& node) const;
  // A node's name with what the derivation's other patterns say of it, as relative clauses.
  std::string noun_phrase(Derivation& d, const Node& node, std::size_t from, std::size_t depth) const;
  // "who directed Jaws", "which Steven Spielberg directed": pattern `pattern` said of `node`.
  std::string clause_about(Derivation& d, const Node& node, std::size_t pattern, std::size_t depth) const;
  std::string try_clause_about(Derivation& d, const Node& node, std::size_t pattern, std::size_t depth) const;
  // The sentence's one relative clause on `node`, from the unsaid patterns listed (all but
  // `from`), its predicates joined; empty when the sentence has its clause already.
  std::string clauses_about(Derivation& d, const Node& node, std::size_t from, std::size_t depth,
                            const std::vector<std::size_t>& patterns) const;
  // question_composer.cpp: a node of the query as the question says it.
  struct Phrase {
    std::string text;
    bool noun_phrase = false;  // "the director of Jaws", not a name
    bool plural = false;       // "the films starring Rami Malek"
  };
  std::optional<Phrase> node_phrase(const ExtendedQuery& query, const Node& node, std::size_t from) const;
  // A constant's name; the subject of a head intersection with its new fact as a clause.
  std::optional<std::string> constant_phrase(const ExtendedQuery& query, EntityId c) const;
  bool is_person(const ResolvedPattern& p, const Node& n, EntityId e) const;
  // citation_passage.cpp: one citation's passages as they are written.
  struct PassageWriter;

  const KnowledgeGraph& kg_;
  std::vector<verbalize::RelationPhrasing> by_relation_;  // indexed by RelationId
  std::vector<bool> unsaid_;
  const QueryTemplates* question_phrases_ = nullptr;
  const DisplayNames* display_names_ = nullptr;
};

}  // namespace caqa::kg
