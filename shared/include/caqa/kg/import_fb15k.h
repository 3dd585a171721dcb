// FB15k-237 (Toutanova & Chen 2015): train/valid/test.txt lines
// "/m/0abc<TAB>/relation/path<TAB>/m/0xyz" (CRLF in the release) and entity2text.txt
// "mid<TAB>name". The CLI extracts FB15k-237.tar.gz and passes the texts.
//
// Entity keys are Freebase mids in the dotted form of the Freebase RDF dump and of WebQSP,
// GrailQA and CWQ: "/m/0abc" -> "m.0abc" (also "/g/11x" -> "g.11x"), so that questions
// from those datasets name the same entities. Relations keep the path as given
// ("/film/film/genre", CVT-compressed ones like
// "/film/actor/film./film/performance/film"); grounding_report.h maps Freebase's dotted
// relation names onto them.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "caqa/kg/kg_text.h"

namespace caqa::kg {

// "/m/0abc", "m.0abc", "ns:m.0abc", "http://rdf.freebase.com/ns/m.0abc" -> "m.0abc"; the same
// for "/g/" and "g." ids. Anything else is returned unchanged.
std::string normalize_freebase_id(std::string_view id);
// True for a normalised mid: "m." or "g." followed by [0-9a-z_]+.
bool is_freebase_mid(std::string_view key);

// "film.actor.film" -> "/film/actor/film" (FB15k-237's spelling); a path stays as it is.
std::string freebase_relation_path(std::string_view relation);

// Relations as IRIs in the Freebase namespace (the FB15k-237 N-Triples of
// tests/cli/virtuoso_parity_test.sh, read back by native/kg/sparql_graph.h): a path's
// steps joined by '.', a CVT-compressed path's legs joined by "..", which no Freebase id
// contains: "/film/actor/film./film/performance/film" <-> "film.actor.film..film.performance.film".
inline constexpr std::string_view kFreebaseNamespace = "http://rdf.freebase.com/ns/";
std::string freebase_relation_local_name(std::string_view path);
std::string freebase_relation_from_local_name(std::string_view local_name);

// A key or relation as the KG spells it, trying the other Freebase spellings: mids as
// "m.0abc" or "/m/0abc", relations as "film.film.genre" or "/film/film/genre".
std::optional<EntityId> find_entity_spelling(const KnowledgeGraph& kg, std::string_view key);
std::optional<RelationId> find_relation_spelling(const KnowledgeGraph& kg, std::string_view relation);

struct Fb15kLoad {
  std::size_t triples = 0;       // triple lines added (before duplicate removal)
  std::size_t named = 0;         // entities of the triples that got a name
  std::size_t names_unused = 0;  // entity2text lines for entities in no triple (FB15k's extra 410)
};

// Adds the triples of each text (train, valid, test) and the names of the entities they
// use. Bad lines are counted in problems and skipped.
Fb15kLoad add_fb15k237(MemoryGraphBuilder& builder, std::span<const TextSource> triple_texts,
                       const TextSource& entity_names, ProblemCounts& problems);

}  // namespace caqa::kg
