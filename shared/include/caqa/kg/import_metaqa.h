// MetaQA (Zhang et al., AAAI 2018) in the EmbedKGQA layout of /work/shared/data/metaqa:
//   kg/train.txt       head_id<TAB>relation_id<TAB>tail_id   (the whole WikiMovies KB)
//   kg/entities.dict   id<TAB>name      kg/relations.dict   id<TAB>relation name
//   qa/N-hop/test.txt  "question with [topic entity]<TAB>answer1|answer2"
//   qa/N-hop/qa_test_qtype.txt  the relation path of each question, same line order,
//                      e.g. "movie_to_director_to_movie"
// Entity keys are the dictionary ids ("34179"); names come from entities.dict.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "caqa/kg/grounding_report.h"
#include "caqa/kg/kg_text.h"

namespace caqa::kg {

struct MetaQaKgLoad {
  std::size_t triples = 0;  // triple lines added (before duplicate removal)
  std::size_t names = 0;    // entities.dict rows
};

// train.txt with its relation ids mapped through relations.dict, names from entities.dict.
MetaQaKgLoad add_metaqa_kg(MemoryGraphBuilder& builder, const TextSource& triples, const TextSource& entities_dict,
                           const TextSource& relations_dict, ProblemCounts& problems);

// One hop of a qtype, "movie_to_director" -> directed_by pointing from the movie; nullopt
// for an unknown node type. Types: actor, director, writer, year, genre, language,
// tag(s), votes/imdbvotes, rating/imdbrating (and movie on one side).
struct MetaQaHop {
  std::string relation;
  bool from_movie;  // true: (from, relation, to); false: (to, relation, from)
};
std::optional<MetaQaHop> metaqa_hop(std::string_view from, std::string_view to);

// Questions of one N-hop file: ids "metaqa-Nhop-000001" (the line number; with split
// "dev": "metaqa-Nhop-dev-000001"), source "metaqa-Nhop", text without the brackets,
// query a path (topic, r0, ?v1) ... (?v(N-1), r(N-1), ?a) over the KG's relation names,
// topic entity and answers resolved by exact name (every entity of that name for answers).
QuestionImport import_metaqa_questions(const TextSource& questions, const TextSource& qtypes, int hops,
                                       const KnowledgeGraph& kg, std::string_view split = {});

}  // namespace caqa::kg
