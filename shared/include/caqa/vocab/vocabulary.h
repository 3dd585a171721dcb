// The registries as one JSON document (label schemes, complexity levels in print order,
// measures with their definitions), for front ends that are not C++: the site's
// vocab.js is generated from it at build time (native/tools/vocab_js.cpp), so the
// browser never retypes a label, a level or a column order.
#pragma once

#include <string>

namespace caqa {

std::string vocabulary_json();

}  // namespace caqa
