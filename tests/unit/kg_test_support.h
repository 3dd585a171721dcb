// Small builders shared by the knowledge-graph unit tests.
#pragma once

#include <string>

#include "caqa/kg/logical_query.h"

namespace caqa::test {

// A pattern over constants only: head, relation, tail.
inline kg::TriplePattern pattern(const std::string& h, const std::string& r, const std::string& t) {
  return {{h}, r, {t}};
}

}  // namespace caqa::test
