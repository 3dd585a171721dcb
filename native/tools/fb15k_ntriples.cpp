// FB15k-237 as N-Triples in the Freebase namespace, for loading into a SPARQL store
// (tests/cli/virtuoso_parity_test.sh, bench/run_sparql_build_bench.sh): the graph that
// `caqa build --fb15k DIR` builds in memory (the same importer reads the files), written
// with serd so that every IRI and literal is escaped as N-Triples wants. Entities are
// ns:m.0abc, relations ns:film.actor.film..film.performance.film (import_fb15k.h), names
// ns:type.object.name "..."@en (what `caqa build --sparql` reads back: kg/sparql_graph.h).
// Usage: caqa_fb15k_ntriples DIR > fb15k-237.nt   (DIR: train/valid/test.txt, entity2text.txt)
#include <cstdio>
#include <string>
#include <vector>

#include <serd/serd.h>

#include "caqa/kg/import_fb15k.h"
#include "caqa/kg/memory_graph.h"
#include "files.h"

namespace {

using caqa::kg::kFreebaseNamespace;

SerdNode uri(const std::string& text) {
  return serd_node_from_string(SERD_URI, reinterpret_cast<const uint8_t*>(text.c_str()));
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s FB15K_DIR > out.nt\n", argv[0]);
    return 2;
  }
  const std::string dir = argv[1];
  std::vector<caqa::cli::FileBytes> files;
  std::vector<caqa::kg::TextSource> triples;
  std::string error;
  for (const char* name : {"train.txt", "valid.txt", "test.txt", "entity2text.txt"}) {
    auto bytes = caqa::cli::read_file(dir + "/" + name, error);
    if (!bytes) {
      std::fprintf(stderr, "%s\n", error.c_str());
      return 1;
    }
    files.push_back(std::move(*bytes));
  }
  for (std::size_t i = 0; i < 3; ++i) triples.push_back({"triples", files[i].bytes()});
  caqa::kg::MemoryGraphBuilder builder;
  caqa::kg::ProblemCounts problems;
  caqa::kg::add_fb15k237(builder, triples, {"entity2text.txt", files[3].bytes()}, problems);
  const caqa::kg::MemoryGraph graph = builder.build();
  if (!problems.empty()) std::fprintf(stderr, "%zu line(s) skipped, as caqa build --fb15k does\n", problems.total());

  SerdEnv* env = serd_env_new(nullptr);
  SerdWriter* writer = serd_writer_new(SERD_NTRIPLES, SERD_STYLE_ASCII, env, nullptr, serd_file_sink, stdout);
  const std::string ns(kFreebaseNamespace);
  const std::string name_iri = ns + "type.object.name";
  const SerdNode name_predicate = uri(name_iri);
  const SerdNode english = serd_node_from_string(SERD_LITERAL, reinterpret_cast<const uint8_t*>("en"));
  std::vector<std::string> relation_iris;
  for (caqa::kg::RelationId r = 0; r < graph.relation_count(); ++r)
    relation_iris.push_back(ns + caqa::kg::freebase_relation_local_name(graph.relation_name(r)));
  for (caqa::kg::EntityId e = 0; e < graph.entity_count(); ++e) {
    const std::string subject_iri = ns + std::string(graph.entity_key(e));
    const SerdNode subject = uri(subject_iri);
    for (const caqa::kg::Edge& edge : graph.out_edges(e)) {
      const std::string object_iri = ns + std::string(graph.entity_key(edge.other));
      const SerdNode predicate = uri(relation_iris[edge.relation]), object = uri(object_iri);
      serd_writer_write_statement(writer, 0, nullptr, &subject, &predicate, &object, nullptr, nullptr);
    }
    if (graph.has_name(e)) {
      const std::string name(graph.entity_name(e));
      const SerdNode literal = serd_node_from_string(SERD_LITERAL, reinterpret_cast<const uint8_t*>(name.c_str()));
      serd_writer_write_statement(writer, 0, nullptr, &subject, &name_predicate, &literal, nullptr, &english);
    }
  }
  serd_writer_finish(writer);
  serd_writer_free(writer);
  serd_env_free(env);
  return std::fflush(stdout) == 0 ? 0 : 1;
}
