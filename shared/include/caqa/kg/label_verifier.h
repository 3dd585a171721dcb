// What each label must satisfy, checked on every fact its citation states (the builder's
// step 6, docs/benchmark.md): the extended query re-run on those facts, and the answer
// statement's claims read as a careful reader reads them (claim_reading.h). A draft that
// fails either is never written.
#pragma once

#include <optional>
#include <span>
#include <string>

#include "caqa/kg/claim_reading.h"
#include "caqa/kg/subgraph_edit.h"

namespace caqa::kg {

// nullopt when `subgraph` reads as `label` for the question; else what failed.
std::optional<std::string> verify_label(Label label, const ExtendedQuery& query, const Attribution& g,
                                        std::span<const Triple> subgraph, const ClaimReader& reader);

}  // namespace caqa::kg
