// Which end of a query pattern a node is, for the texts that say patterns
// (verbalizer.cpp, answer_statement.cpp).
#pragma once

#include "caqa/kg/query_match.h"
#include "caqa/verbalize/relation_phrasing.h"

namespace caqa::kg {

inline verbalize::Slot slot_of(const ResolvedPattern& p, const Node& n) {
  return p.head == n ? verbalize::Slot::Head : verbalize::Slot::Tail;
}
inline const Node& end_at(const ResolvedPattern& p, verbalize::Slot slot) {
  return slot == verbalize::Slot::Head ? p.head : p.tail;
}
inline bool touches(const ResolvedPattern& p, const Node& n) { return p.head == n || p.tail == n; }

}  // namespace caqa::kg
