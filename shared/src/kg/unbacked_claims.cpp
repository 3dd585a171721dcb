#include "caqa/kg/unbacked_claims.h"

#include "caqa/text.h"

#include <algorithm>

namespace caqa::kg {

UnbackedClaims::UnbackedClaims(const Attribution& g, std::string_view question, std::string_view answer,
                               const KnowledgeGraph& kg, const DisplayNames* names, const ImpliedFacts& implied,
                               const RelationProfile& profile)
    : g_(g), names_(names), implied_(implied), profile_(profile) {
  if (names) {
    const std::string written_answer = ascii_lower(answer);
    for (const Triple& t : g.supportive)
      for (EntityId e : {t.head, t.tail}) {
        const DisplayNames::Qualifier q = names->qualifier(e);
        if (!names->shared(e) || q.relation == kNone ||
            std::find(qualified_.begin(), qualified_.end(), e) != qualified_.end() ||
            question.find(kg.entity_name(q.value)) != std::string_view::npos)
          continue;
        if (written_answer.find(ascii_lower(names->written_name(e))) != std::string::npos) qualified_.push_back(e);
      }
  }
  for (const Triple& c : g.supportive) {
    std::vector<Triple> parts = implied.closure(std::span<const Triple>(&c, 1), profile);
    std::erase_if(parts, [&](const Triple& f) {
      const bool same_ends = (f.head == c.head && f.tail == c.tail) || (f.head == c.tail && f.tail == c.head);
      return !same_ends || f.relation == c.relation;
    });
    parts_of_claims_.push_back(std::move(parts));
  }
}

std::optional<std::string> UnbackedClaims::misread(std::span<const Triple> facts) const {
  const std::vector<Triple> said = implied_.closure(facts, profile_);
  if (std::any_of(qualified_.begin(), qualified_.end(), [&](EntityId e) { return names_->states_qualifier(e, said); }))
    return "the citation states the fact behind a qualifier the answer writes";
  for (std::size_t i = 0; i < g_.supportive.size(); ++i)
    if (!std::binary_search(said.begin(), said.end(), g_.supportive[i]) &&
        std::any_of(parts_of_claims_[i].begin(), parts_of_claims_[i].end(),
                    [&](const Triple& f) { return std::binary_search(said.begin(), said.end(), f); }))
      return "the citation states a part of a claim it does not support";
  return std::nullopt;
}

}  // namespace caqa::kg
