#include "kg/sparql_build.h"

#include <chrono>

#include <fmt/format.h>

#include "kg/sparql_graph.h"

namespace caqa::kg {

std::optional<BuiltBenchmark> build_benchmark_over_sparql(const BuildSources& sources, const BenchmarkOptions& options,
                                                          const BuildObserver& observer,
                                                          const SparqlBuildSettings& settings,
                                                          SparqlBuildReport& report, std::string& error) {
  const auto start = std::chrono::steady_clock::now();
  SparqlClient client(settings.client);
  if (!client.open(error)) return std::nullopt;
  SparqlGraph graph(client, settings.graph_iri, settings.batch);
  if (!graph.start(error)) return std::nullopt;
  if (observer.loaded) observer.loaded(graph.summary());
  // The rounds need only what reads the graph: no audit, no filtering, no reports.
  BenchmarkOptions round_options = options;
  round_options.audit = false;
  round_options.harden = false;
  for (report.rounds = 1; report.rounds <= settings.max_rounds; ++report.rounds) {
    auto snapshot = graph.snapshot();
    build_benchmark(*snapshot, graph.summary(), sources, round_options);
    const SparqlMisses misses = snapshot->misses();
    if (settings.client.progress)
      fmt::print(stderr,
                 "sparql round {}: {} entities known, {} to fetch ({} edge lists, {} names, {} degrees, {} same-name "
                 "lists, {} relation ends)\n",
                 report.rounds, snapshot->entity_count(), misses.size(), misses.edges.size(), misses.names.size(),
                 misses.degrees.size(), misses.named.size(), misses.ends.size());
    if (misses.empty()) {
      BuiltBenchmark built = build_benchmark(*snapshot, graph.summary(), sources, options, observer);
      report.queries = client.stats();
      report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      return built;
    }
    if (!graph.fetch(misses, *snapshot, error)) return std::nullopt;
  }
  error = fmt::format("the build still asked for more of the graph after {} rounds", settings.max_rounds);
  return std::nullopt;
}

}  // namespace caqa::kg
