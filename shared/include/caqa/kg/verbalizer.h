// Deterministic template text for benchmark samples (CAQA paper, section 4.4 and
// Appendix A, which uses ChatGPT; caqa uses templates so that a build is reproducible):
// citations from relation templates ("{head} was directed by {tail}."), with humanised
// relation names as the fallback; extended questions and answer statements built from
// the original question and the extension.
#pragma once

#include <span>
#include <string>
#include <unordered_map>

#include "caqa/kg/logical_query.h"
#include "caqa/kg/subgraph_edit.h"

namespace caqa::kg {

class Verbalizer {
 public:
  // templates: relation name -> sentence with {head} and {tail}.
  Verbalizer(const KnowledgeGraph& kg, std::unordered_map<std::string, std::string> templates);

  std::string sentence(const Triple& t) const;
  // "[1] sentence sentence ..."
  std::string citation(std::span<const Triple> triples) const;
  std::string question(const Question& original, const ExtendedQuery& query) const;
  std::string answer_statement(const ExtendedQuery& query, const Attribution& g, const std::string& question) const;
  // "film.film.directed_by" -> "directed by"
  static std::string humanize(std::string_view relation);

 private:
  std::string fill(RelationId relation, const std::string& head, const std::string& tail) const;
  const KnowledgeGraph& kg_;
  std::unordered_map<std::string, std::string> templates_;
};

}  // namespace caqa::kg
