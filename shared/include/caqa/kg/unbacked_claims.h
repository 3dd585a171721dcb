// What a careful reader takes from an answer as a claim beyond the facts of G, and which a
// citation must therefore never state without the claim (issue 40's blind readings): the fact
// behind a qualifier the answer writes ("born in Birmingham in the United Kingdom", "the 1933
// film King Kong"), or a fact implying it ("Paris is the capital of France" for "Paris in
// France"); and a weaker link between the two ends of a claim the citation leaves unsupported
// ("Beirut lies in Lebanon" for "Beirut is the capital of Lebanon"). Either would make an
// irrelevant citation read as partially supportive; the builder rejects such drafts for every
// label alike (benchmark_builder.cpp).
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "caqa/kg/display_names.h"
#include "caqa/kg/implied_facts.h"
#include "caqa/kg/subgraph_edit.h"

namespace caqa::kg {

class UnbackedClaims {
 public:
  // `question` and `answer` as written; a qualifier whose value the question names tells the
  // reader which entity is asked about ("the two films named Halloween (1978 and 2007)") and is
  // no claim. `names` may be null (no qualifiers then).
  UnbackedClaims(const Attribution& g, std::string_view question, std::string_view answer, const KnowledgeGraph& kg,
                 const DisplayNames* names, const ImpliedFacts& implied, const RelationProfile& profile);

  // Why a citation stating `facts` would be misread; nullopt when it would not.
  std::optional<std::string> misread(std::span<const Triple> facts) const;

 private:
  const Attribution& g_;
  const DisplayNames* names_;
  const ImpliedFacts& implied_;
  const RelationProfile& profile_;
  std::vector<EntityId> qualified_;                   // entities the answer writes with a qualifier
  std::vector<std::vector<Triple>> parts_of_claims_;  // per claim of G: weaker links between its ends
};

}  // namespace caqa::kg
