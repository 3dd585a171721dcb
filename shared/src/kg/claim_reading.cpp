#include "caqa/kg/claim_reading.h"

#include <algorithm>
#include <map>

namespace caqa::kg {

std::string_view verdict_name(ClaimVerdict v) {
  switch (v) {
    case ClaimVerdict::Supported: return "supported";
    case ClaimVerdict::Contradicted: return "contradicted";
    case ClaimVerdict::Unsupported: break;
  }
  return "unsupported";
}

Label ClaimReading::label() const {
  if (contradicted > 0) return Label::Contradictory;
  if (supported == claims && claims > 0) return Label::Supportive;
  return supported > 0 ? Label::PartiallySupportive : Label::Irrelevant;
}

ClaimReading ClaimReader::read(std::span<const Triple> claims, std::span<const Triple> citation) const {
  ClaimReading out;
  out.claims = claims.size();
  for (ClaimVerdict v : verdicts(claims, citation)) {
    out.supported += v == ClaimVerdict::Supported;
    out.contradicted += v == ClaimVerdict::Contradicted;
  }
  return out;
}

std::vector<ClaimVerdict> ClaimReader::verdicts(std::span<const Triple> claims,
                                                std::span<const Triple> citation) const {
  const std::vector<Triple> said = implied_.closure(citation, profile_);
  std::vector<ClaimVerdict> out;
  out.reserve(claims.size());
  for (const Triple& c : claims) {
    if (std::binary_search(said.begin(), said.end(), c)) {
      out.push_back(ClaimVerdict::Supported);
      continue;
    }
    const bool against = std::any_of(said.begin(), said.end(), [&](const Triple& f) {
      if (f.relation != c.relation || profile_.symmetric(c.relation)) return false;
      return (f.head == c.head && f.tail != c.tail && profile_.at(c.relation, true).functional) ||
             (f.tail == c.tail && f.head != c.head && profile_.at(c.relation, false).functional);
    });
    out.push_back(against ? ClaimVerdict::Contradicted : ClaimVerdict::Unsupported);
  }
  return out;
}

std::size_t ClaimReader::most_conditions_met(const ExtendedQuery& query, std::span<const Triple> citation) const {
  const std::vector<Triple> said = implied_.closure(citation, profile_);
  std::map<EntityId, std::size_t> met;
  for (const ResolvedQuery& branch : query.branches)
    for (const ResolvedPattern& p : branch.patterns) {
      if (p.head.variable == p.tail.variable) continue;
      for (const Triple& f : said) {
        if (f.relation != p.relation) continue;
        if (!p.head.variable && f.head == p.head.id)
          ++met[f.tail];
        else if (!p.tail.variable && f.tail == p.tail.id)
          ++met[f.head];
      }
    }
  std::size_t out = 0;
  for (const auto& [entity, n] : met) out = std::max(out, n);
  return out;
}

}  // namespace caqa::kg
