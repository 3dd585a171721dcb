// What a JSON Lines reader says about a line it cannot read as it wants
// (json_object_line.cpp): the first syntax error, the bare NaN/Infinity literals JSON lacks.
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

#include "json_object_line.h"

namespace caqa::detail {

// Why a line is not a JSON object: invalid UTF-8 (its byte) or the first syntax error (its column).
LineProblem explain_malformed(std::string_view line);

struct NonFinite {
  std::size_t offset;
  std::string_view token;
  double value;
};
// The bare NaN, Infinity and -Infinity values of a line (outside strings, after ':', ','
// or '['), in order.
std::vector<NonFinite> nonfinite_literals(std::string_view line);

}  // namespace caqa::detail
