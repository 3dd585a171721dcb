// Seed questions sampled from the KG itself (issue 13, item 6), so that a KG without a
// question set still yields a benchmark and the default one can grow: single triples,
// 2-hop paths and trees of two branches meeting at the answer, each with selective
// anchors (its answer set over the whole KG has 1 to 3 entities, none of them one of the
// query's constants) and question text from query_templates.h. Works through the
// KnowledgeGraph interface only, so over any backend.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "caqa/kg/graph.h"
#include "caqa/kg/logical_query.h"
#include "caqa/kg/query_templates.h"

namespace caqa::kg {

// The most answers a sampled question may have over the whole KG.
inline constexpr std::size_t kMaxSampledAnswers = 3;

// Up to `count` questions, the same for the same (KG, templates, avoid, count, seed).
// A relation is drawn first, then an anchor, so frequent relations do not dominate. No two
// share a query or a text, none repeats a query or text of `avoid` (the questions already
// read), and no constant's name is shared by another entity (the text would not say which).
// Ids run "s00001", "s00002", ... skipping ids of `avoid`; source is "sampled". Fewer than
// `count` when the KG and templates do not allow more.
std::vector<Question> sample_questions(const KnowledgeGraph& kg, const QueryTemplates& templates,
                                       std::span<const Question> avoid, std::size_t count, std::uint64_t seed);

}  // namespace caqa::kg
