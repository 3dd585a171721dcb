#include "caqa/kg/logical_query.h"

#include <set>

namespace caqa::kg {

std::string_view query_shape_name(QueryShape shape) {
  static constexpr std::string_view kNames[] = {"single", "path", "tree"};  // in enum order
  return kNames[static_cast<int>(shape)];
}

namespace {

// The pattern's end other than `node`, or nullptr when the pattern does not touch node.
const Term* other_end(const TriplePattern& p, const std::string& node) {
  if (p.head.text == node) return &p.tail;
  if (p.tail.text == node) return &p.head;
  return nullptr;
}

}  // namespace

std::optional<QueryShape> LogicalQuery::shape() const {
  const std::string answer = "?a";
  if (patterns.empty()) return std::nullopt;
  auto one_constant_to_answer = [&](const TriplePattern& p) {
    const Term* other = other_end(p, answer);
    return other && !other->is_variable() && p.head.text != p.tail.text;
  };
  if (patterns.size() == 1)
    return one_constant_to_answer(patterns[0]) ? std::optional(QueryShape::Single) : std::nullopt;

  // Tree: every pattern joins a distinct constant to ?a.
  std::set<std::string> subjects;
  bool tree = true;
  for (const auto& p : patterns) {
    if (!one_constant_to_answer(p) || !subjects.insert(other_end(p, answer)->text).second) tree = false;
  }
  if (tree) return QueryShape::Tree;

  // Path: walk back from ?a through ?v(n-1) ... ?v1 to one constant, using every pattern once.
  std::vector<bool> used(patterns.size(), false);
  std::string node = answer;
  for (std::size_t step = 0; step < patterns.size(); ++step) {
    std::size_t found = patterns.size();
    for (std::size_t i = 0; i < patterns.size(); ++i)
      if (!used[i] && other_end(patterns[i], node)) {
        if (found != patterns.size()) return std::nullopt;  // a branch: not a chain
        found = i;
      }
    if (found == patterns.size()) return std::nullopt;
    used[found] = true;
    const Term* next = other_end(patterns[found], node);
    bool last = step + 1 == patterns.size();
    if (next->is_variable() == last || next->text == answer) return std::nullopt;
    node = next->text;
  }
  return QueryShape::Path;
}

}  // namespace caqa::kg
