// The inputs of caqa build read from disk, ready for kg::build_benchmark: the files
// named by the flags, or the default benchmark built into caqa (data/default) when no KG or
// question input is named. Another command builds the default benchmark in memory with
//   auto loaded = load_build_sources({}, error);
//   kg::BuiltBenchmark built = kg::build_benchmark(loaded->sources, {});
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "caqa/kg/build.h"
#include "files.h"

namespace caqa::cli {

struct BuildInputFlags {
  std::vector<std::string> kg, names, types, questions;
  std::string relation_names, metaqa, fb15k, webqsp, grailqa, cwq, templates, query_templates, implied_facts,
      qualifiers, negatable;
  std::string sparql, graph;  // the KG behind a SPARQL endpoint instead of files (kg/sparql_build.h)
  std::vector<int> metaqa_hops{1, 2};
  void add_to(CLI::App& app);
};

struct LoadedBuildSources {
  kg::BuildSources sources;                       // views into `files`
  bool is_default = false;                        // the embedded default benchmark's inputs
  std::vector<std::unique_ptr<FileBytes>> files;  // kept open while `sources` is used
};

// Reads every input (N-Triples parsed with serd, digests with OpenSSL). On a file that
// cannot be read returns nullopt and sets error.
std::optional<LoadedBuildSources> load_build_sources(const BuildInputFlags& flags, std::string& error);

}  // namespace caqa::cli
