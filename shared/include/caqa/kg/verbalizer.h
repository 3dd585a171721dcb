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

#include "caqa/kg/logical_query.h"
#include "caqa/kg/subgraph_edit.h"
#include "caqa/verbalize/relation_phrasing.h"

namespace caqa::kg {

class Verbalizer {
 public:
  // templates: relation name -> phrasings (caqa/verbalize/relation_phrasing.h).
  Verbalizer(const KnowledgeGraph& kg, const std::unordered_map<std::string, std::string>& templates);

  // "[1] passage".
  std::string citation(std::span<const Triple> triples, Rng& rng) const {
    return citation(triples, phrasings(triples, rng));
  }
  // Which of its relation's sentences says each fact: the only random choice of a citation,
  // one rng.uniform() per fact, drawn apart so that a citation whose text is never read
  // costs its draws and nothing more.
  std::vector<std::size_t> phrasings(std::span<const Triple> triples, Rng& rng) const;
  std::string citation(std::span<const Triple> triples, std::span<const std::size_t> phrasings) const;
  std::string question(const Question& original, const ExtendedQuery& query) const;
  std::string answer_statement(const ExtendedQuery& query, const Attribution& g) const;
  // "film.film.directed_by" -> "directed by"
  static std::string humanize(std::string_view relation);

 private:
  const verbalize::RelationPhrasing& phrasing(RelationId relation) const;
  std::string name(EntityId e) const;  // verbalize::definite_name of its name
  void append_name(std::string& out, EntityId e) const;
  // "the film that starred Roy Scheider": variable `v` of `q` described by a pattern other than `skip`.
  std::string describe(const ResolvedQuery& q, std::uint32_t v, std::size_t skip) const;

  const KnowledgeGraph& kg_;
  std::vector<verbalize::RelationPhrasing> by_relation_;  // indexed by RelationId
};

}  // namespace caqa::kg
