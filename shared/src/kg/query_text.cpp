#include "caqa/kg/query_text.h"

#include <algorithm>

namespace caqa::kg {

namespace {

std::string node_text(const Node& node, const ResolvedQuery& branch, const KnowledgeGraph& kg) {
  return node.variable ? branch.variables[node.id] : std::string(kg.entity_name(node.id));
}

// "(?a, directed_by, Jaws) AND (?a, born_in, Cincinnati)".
std::string branch_text(const ResolvedQuery& branch, const KnowledgeGraph& kg) {
  std::string out;
  for (std::size_t i = 0; i < branch.patterns.size(); ++i) {
    const ResolvedPattern& p = branch.patterns[i];
    out += (i > 0 ? " AND (" : "(") + node_text(p.head, branch, kg) + ", " + std::string(kg.relation_name(p.relation)) +
           ", " + node_text(p.tail, branch, kg) + ")";
  }
  return out;
}

}  // namespace

std::string query_text(const ExtendedQuery& query, const KnowledgeGraph& kg, EntityId asked_value) {
  std::string out;
  // The later levels say what they ask first: "FIRST BY release_year: (Rushmore, release_year,
  // ?a) OR (...)", "YES OR NO: (Steven Spielberg, place_of_birth, Chicago)".
  if (query.complexity == Complexity::Comparison && !query.branches.empty())
    out = std::string(query.latest ? "LAST BY " : "FIRST BY ") +
          std::string(kg.relation_name(query.branches[0].patterns[0].relation)) + ": ";
  if (query.complexity == Complexity::Negation && !query.branches.empty()) {
    ResolvedQuery asked = query.branches[0];
    if (asked_value != kNone) asked.patterns.back().tail = Node{false, asked_value};
    return "YES OR NO: " + branch_text(asked, kg);
  }
  for (std::size_t b = 0; b < query.branches.size(); ++b)
    out += (b > 0 ? " OR " : "") + branch_text(query.branches[b], kg);
  return out;
}

std::vector<std::string> query_constant_names(const ExtendedQuery& query, const KnowledgeGraph& kg) {
  std::vector<EntityId> constants;
  for (const ResolvedQuery& branch : query.branches)
    for (const ResolvedPattern& p : branch.patterns)
      for (const Node* node : {&p.head, &p.tail})
        if (!node->variable && std::find(constants.begin(), constants.end(), node->id) == constants.end())
          constants.push_back(node->id);
  return entity_names(constants, kg);
}

std::vector<std::string> entity_names(std::span<const EntityId> entities, const KnowledgeGraph& kg) {
  std::vector<std::string> out;
  for (EntityId e : entities) out.emplace_back(kg.entity_name(e));
  return out;
}

}  // namespace caqa::kg
