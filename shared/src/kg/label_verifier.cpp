#include "caqa/kg/label_verifier.h"

#include <algorithm>

namespace caqa::kg {

namespace {

bool shares_triple(std::span<const Triple> a, std::span<const Triple> b) {
  return std::any_of(a.begin(), a.end(), [&](const Triple& t) { return std::find(b.begin(), b.end(), t) != b.end(); });
}

// The query run on the facts: what each label's derivation must give.
std::optional<std::string> derivation_failure(Label label, const ExtendedQuery& q, const Attribution& g,
                                              std::span<const Triple> subgraph) {
  std::vector<EntityId> derived = derived_answers(q, subgraph);
  auto is_target = [&](EntityId e) { return std::binary_search(g.targets.begin(), g.targets.end(), e); };
  bool all = std::all_of(g.targets.begin(), g.targets.end(),
                         [&](EntityId t) { return std::binary_search(derived.begin(), derived.end(), t); });
  bool other = std::any_of(derived.begin(), derived.end(), [&](EntityId e) { return !is_target(e); });
  switch (label) {
    case Label::Supportive:
      if (!all) return "supportive subgraph does not derive the answer";
      if (other) return "supportive subgraph derives another answer";
      break;
    case Label::PartiallySupportive:
      // A union's branches may share an answer: the one dropped is still a claim unstated.
      if (all && q.branches.size() == 1) return "partially supportive subgraph still derives the whole answer";
      if (other) return "partially supportive subgraph derives another answer";
      break;
    case Label::Contradictory:
      if (all) return "contradictory subgraph still derives the whole answer";
      break;
    case Label::Irrelevant:
      if (shares_triple(subgraph, g.supportive)) return "irrelevant subgraph shares a triple with the supportive one";
      if (!derived.empty()) return "irrelevant subgraph derives an answer";
      break;
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> verify_label(Label label, const ExtendedQuery& query, const Attribution& g,
                                        std::span<const Triple> subgraph, const ClaimReader& reader) {
  if (auto failure = derivation_failure(label, query, g, subgraph)) return failure;
  const ClaimReading reading = reader.read(g.supportive, subgraph);
  if (reading.label() != label)
    return std::string(label_name(label)) + " subgraph reads as " + std::string(label_name(reading.label())) +
           " claim by claim";
  if (label == Label::Irrelevant && reader.most_conditions_met(query, subgraph) > 1)
    return "irrelevant subgraph names an entity that meets two of the question's conditions";
  return std::nullopt;
}

}  // namespace caqa::kg
