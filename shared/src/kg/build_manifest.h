// manifest.json of a build: versions, seed, SHA-256 of every input and output, the
// graph's size, counts, skipped inputs and verification violations.
#pragma once

#include <string>

#include "caqa/kg/build.h"

namespace caqa::kg {

// Needs every document of `built` except the manifest itself.
std::string manifest_json(const BuildSources& sources, const BenchmarkOptions& options, const BuiltBenchmark& built);

}  // namespace caqa::kg
