// The N-Triples loader (serd, native/kg/ntriples.h) on any bytes, then the graph build:
// no crash, every triple it counts reached the builder, no more malformed lines than lines.
#include <algorithm>

#include "caqa/kg/memory_graph.h"
#include "fuzz_check.h"
#include "kg/ntriples.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using caqa::fuzz::check;
  const std::string_view text = caqa::fuzz::as_text(data, size);
  caqa::kg::MemoryGraphBuilder builder;
  caqa::kg::ProblemCounts problems;
  const caqa::kg::NTriplesLoad load = caqa::kg::add_ntriples(builder, {"fuzz.nt", text}, problems);
  check(load.triples == builder.triples_added(), "triples counted differ from triples added");
  check(load.triples <= load.statements, "more triples than statements");
  const auto lines = static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n') +
                                              std::count(text.begin(), text.end(), '\r') + 1);
  check(load.malformed_lines <= lines, "more malformed lines than lines");
  const caqa::kg::MemoryGraph graph = builder.build();
  (void)graph;
  return 0;
}
