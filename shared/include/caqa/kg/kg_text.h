// Plain-text KG inputs: triples as TSV (head<TAB>relation<TAB>tail) or pipe-separated
// (head|relation|tail) lines, LF or CRLF, and two-column tables (key<TAB>value) for
// entity names, entity types and relation names (MetaQA's entities.dict/relations.dict).
#pragma once

#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "caqa/kg/memory_graph.h"
#include "caqa/kg/problem_counts.h"

namespace caqa::kg {

enum class TripleFormat : std::uint8_t { Auto, Tsv, Pipe };

struct TextSource {
  std::string name;  // shown in problem examples
  std::string_view text;
};

// relation_names maps a relation column value to the relation's name (empty: as written).
// Returns the number of triples added.
std::size_t add_triples(MemoryGraphBuilder& builder, const TextSource& source, TripleFormat format,
                        ProblemCounts& problems,
                        const std::unordered_map<std::string, std::string>& relation_names = {});

// key<TAB>value lines; the first tab splits (values may hold tabs? no: the rest of the line).
std::vector<std::pair<std::string, std::string>> read_two_column_table(const TextSource& source,
                                                                       ProblemCounts& problems);

}  // namespace caqa::kg
