// What the text rewriter's prompts and the text checks know of a question (QuestionTexts,
// benchmark_builder.h), worked out once for its samples.
#pragma once

#include <string>

#include "caqa/kg/benchmark_builder.h"

namespace caqa::kg {

// `source_text`: the words to keep (the source question's; a later level's own question).
// A comparison answers with the entity it names first or last, not with the values it
// states; a negation's question names the value it asks about, which its checks allow.
QuestionTexts question_texts(std::string source_text, const ExtendedQuery& query, const Attribution& g,
                             const KnowledgeGraph& kg, const Verbalizer& verbalizer);

}  // namespace caqa::kg
