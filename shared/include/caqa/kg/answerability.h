// Whether a question can be answered as written (issue 33, docs/benchmark.md "Answerable
// as written"): the rules that skip an extended question before any sample is made of it,
// each returning the reason the manifest counts it under.
#pragma once

#include <optional>
#include <string>

#include "caqa/kg/display_names.h"
#include "caqa/kg/subgraph_edit.h"

namespace caqa::kg {

// nullopt when the question is answerable as written; else why not: an open question
// (every link to the answer generic; its one link the many side of a relation that holds
// once the other way; every link an open set or a large class, one at most narrowing it;
// a middle reached along an open set: "the films directed by X"), a merged entity (a
// second value along a link that holds once, a value that is also a thing), or names that
// mislead (a shared name nothing tells apart, a qualifier that says what is asked or names
// the answer).
std::optional<std::string> unanswerable(const ExtendedQuery& query, const Attribution& g,
                                        const RelationProfile& profile, const DisplayNames* names);

}  // namespace caqa::kg
