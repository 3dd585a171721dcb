// caqa build --sparql: the benchmark built over a SPARQL endpoint's graph, in rounds
// (sparql_graph.h): build over what is known, fetch what that build missed, again until a
// round misses nothing; then the build with every option (audit, filtering, the observer's
// reports) over that last snapshot. The documents are the ones an in-memory build of the
// same graph writes, except the manifest's "inputs" (no KG file) and "kg" (the endpoint).
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "caqa/kg/build.h"
#include "kg/sparql_client.h"

namespace caqa::kg {

struct SparqlBuildSettings {
  SparqlSettings client;
  std::string graph_iri;    // FROM <graph_iri>; "" = the endpoint's default graph
  std::size_t batch = 200;  // entities or names per query (its VALUES block)
  std::size_t max_rounds = 100;
};

struct SparqlBuildReport {
  std::size_t rounds = 0;
  SparqlStats queries;
  double seconds = 0;  // the whole build, rounds included
};

// nullopt, with error, when the endpoint could not be read (the queries answered until
// then stay in the cache).
std::optional<BuiltBenchmark> build_benchmark_over_sparql(const BuildSources& sources, const BenchmarkOptions& options,
                                                          const BuildObserver& observer,
                                                          const SparqlBuildSettings& settings,
                                                          SparqlBuildReport& report, std::string& error);

}  // namespace caqa::kg
