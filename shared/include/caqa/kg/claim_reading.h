// The label a careful reader gives a citation, read claim by claim (issue 33,
// docs/benchmark.md). The answer statement states every fact of G, the supportive
// subgraph: those are its claims. The reader checks each claim against what the citation
// states and implies (implied_facts.h):
//  - supported: the citation states the claim, its mirror image (a symmetric relation) or
//    a fact that implies it;
//  - contradicted: the citation gives the claim's subject another object along a link
//    that holds once (relation_profile.h, functional): "Jaws was directed by George Lucas"
//    against "Steven Spielberg directed Jaws".
// Supportive: every claim supported and none contradicted; partially supportive: some but
// not all supported, none contradicted; contradictory: at least one contradicted;
// irrelevant: none supported or contradicted.
#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "caqa/kg/implied_facts.h"
#include "caqa/kg/query_extension.h"
#include "caqa/label.h"

namespace caqa::kg {

// What the citation does with one claim.
enum class ClaimVerdict { Supported, Unsupported, Contradicted };
// "supported", "unsupported", "contradicted": the words of a sample's "subfacts" field.
std::string_view verdict_name(ClaimVerdict v);

struct ClaimReading {
  std::size_t claims = 0, supported = 0, contradicted = 0;
  Label label() const;
};

class ClaimReader {
 public:
  ClaimReader(const RelationProfile& profile, const ImpliedFacts& implied) : profile_(profile), implied_(implied) {}

  ClaimReading read(std::span<const Triple> claims, std::span<const Triple> citation) const;
  // Claim by claim, in the claims' order (the answer's sub-facts, issue 41).
  std::vector<ClaimVerdict> verdicts(std::span<const Triple> claims, std::span<const Triple> citation) const;

  // The most conditions of the question one entity of the citation meets: a condition is
  // a pattern joining a constant to a variable, met by the entity the citation puts at the
  // variable's end. An irrelevant citation may not have an entity meet two ("Oliver Stone
  // studied at NYU and was born in New York City" for "Who studied at NYU and Juilliard
  // and was born in New York City?" reads as another answer).
  std::size_t most_conditions_met(const ExtendedQuery& query, std::span<const Triple> citation) const;

  const RelationProfile& profile() const { return profile_; }

 private:
  const RelationProfile& profile_;
  const ImpliedFacts& implied_;
};

}  // namespace caqa::kg
