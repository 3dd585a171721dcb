// N-Triples into a MemoryGraphBuilder, read with serd (native only: serd is not built
// for WebAssembly). One statement per line; a line serd rejects is counted in problems
// ("ntriples: malformed line", with serd's message) and skipped, never fatal.
//
// Mapping (docs/importers.md):
//   - IRIs are shortened to their local name, the text after the last '/' or '#', unless
//     another IRI, a literal or a blank node of the same kind (entity, relation, type)
//     would get the same key; then every IRI sharing it keeps its full text. An IRI ending
//     in '/' or '#' keeps its full text too.
//   - rdfs:label and schema:name literals name their subject: a literal tagged "en"/"en-*"
//     or untagged is preferred over other languages; among equals the first one wins.
//   - rdf:type gives the entity type (the first one; later ones are counted).
//   - other literal objects become entities keyed by their lexical form (datatype and
//     language dropped): ("Jaws", release_year, "1975").
//   - blank nodes are keyed "_:label".
#pragma once

#include <cstddef>

#include "caqa/kg/kg_text.h"

namespace caqa::kg {

struct NTriplesLoad {
  std::size_t statements = 0;       // statements serd read
  std::size_t triples = 0;          // added as KG triples
  std::size_t names = 0;            // entities named by rdfs:label / schema:name
  std::size_t types = 0;            // entities typed by rdf:type
  std::size_t extra_types = 0;      // further rdf:type statements of a typed entity (not kept)
  std::size_t literal_objects = 0;  // triples whose object is a literal
  std::size_t full_iris = 0;        // IRIs kept in full because their local name is shared
  std::size_t malformed_lines = 0;
};

NTriplesLoad add_ntriples(MemoryGraphBuilder& builder, const TextSource& source, ProblemCounts& problems);

}  // namespace caqa::kg
